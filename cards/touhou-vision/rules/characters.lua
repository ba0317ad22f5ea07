-- 東方VISION: 6: character information and combat.
local M = ...

return M
