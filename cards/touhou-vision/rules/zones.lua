-- 東方VISION: 2–3: card information and zones.
local M = ...

return M
