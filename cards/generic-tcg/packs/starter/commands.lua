-- Hooks for cards in commands.yaml that are long enough to live in their own file.
-- Each function receives ctx = { self, controller, event, data }.
local F = {}

-- 応急手当 (GT-143): choose one of your units; heal 50 of its damage.
function F.first_aid(ctx)
  local mine = {}
  for _, u in ipairs(k.cards(ctx.controller, "main")) do mine[#mine + 1] = u end
  for s = 1, k.slots("standby") do
    for _, u in ipairs(k.cards(ctx.controller, "standby", s)) do
      if not k.flag(u, "ko") then mine[#mine + 1] = u end
    end
  end
  local u = k.choose_cards(ctx.controller, mine, { prompt = "回復するユニット (unit to heal)", clause = "910.1" })
  if u then rules.heal(u, 50) end
end

return F
