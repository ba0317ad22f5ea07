-- 東方VISION: 4–5: phases and playing cards.
local M = ...

return M
