-- 東方VISION: 10: keyword abilities.
local M = ...

return M
