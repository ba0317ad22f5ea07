-- Runs once per Lua state, before the globals are frozen (scripting/src/sandbox/bounded.rs).
local fatal, charge, MAX_STRING, MAX_MOVE = ...
local raw_pcall, raw_xpcall, raw_error, type, select = pcall, xpcall, error, type, select
local string, table, math_type = string, table, math.type
local raw_rep, raw_format, raw_move, raw_gsub, raw_find =
  string.rep, string.format, table.move, string.gsub, string.find
local unpack, tostring = table.unpack, tostring

-- A spent budget or a memory error passes through pcall and xpcall to the kernel; a kernel
-- error is handed to the script as its message.
local function pass(ok, ...)
  if ok then return ok, ... end
  local e = ...
  if fatal(e) then raw_error(e, 0) end
  if type(e) == "userdata" then e = tostring(e) end
  return false, e
end
pcall = function(f, ...) return pass(raw_pcall(f, ...)) end
xpcall = function(f, h, ...) return pass(raw_xpcall(f, h, ...)) end

-- string.rep of an empty string loops n times in C; a huge result is refused before it is built.
string.rep = function(s, n, sep)
  if (type(s) == "string" or type(s) == "number") and math_type(n) and n > 0 then
    local each = #(s .. "") + ((sep ~= nil and (type(sep) == "string" or type(sep) == "number")) and #(sep .. "") or 0)
    if each == 0 then return "" end
    if each * (n + 0.0) > MAX_STRING then
      raw_error("string.rep: the result would be longer than " .. MAX_STRING .. " bytes", 2)
    end
    charge(each * n // 64)
  end
  return raw_rep(s, n, sep)
end

-- string.format: %p and %s of a table or function would show an address.
string.format = function(fmt, ...)
  if type(fmt) == "string" and raw_find(raw_gsub(fmt, "%%%%", ""), "%%[-+ #0-9.]*p") then
    raw_error("string.format: %p shows an address and is not available", 2)
  end
  local n = select("#", ...)
  local args = { ... }
  for i = 1, n do
    local t = type(args[i])
    if t == "table" or t == "function" or t == "thread" or t == "userdata" then args[i] = tostring(args[i]) end
  end
  local s = raw_format(fmt, unpack(args, 1, n))
  charge(#s // 64)
  return s
end

-- table.move walks every index from f to e, even of an empty table.
table.move = function(a1, f, e, t, a2)
  if math_type(f) and math_type(e) and e >= f and (e + 0.0) - (f + 0.0) >= MAX_MOVE then
    raw_error("table.move: more than " .. MAX_MOVE .. " elements", 2)
  end
  if math_type(f) and math_type(e) and e >= f then charge(e - f) end
  return raw_move(a1, f, e, t, a2)
end
