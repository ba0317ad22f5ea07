-- 東方VISION: 1.2–1.12: costs, variables, life, damage, hand, priority.
local M = ...

return M
