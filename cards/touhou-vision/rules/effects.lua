-- 東方VISION: 7–8: effects, objects and targets.
local M = ...

return M
