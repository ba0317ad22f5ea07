-- 東方VISION: 11–12: moves, set cards, extraction, reveals, declarations.
local M = ...

return M
