-- 東方VISION: 9: removal (deathblow, discard, exclusion).
local M = ...

return M
