-- Runs once per Lua state, before the globals are frozen (scripting/src/sandbox/bounded.rs).
local fatal, charge, MAX_STRING, MAX_MOVE, MAX_RESULTS = ...
local raw_pcall, raw_xpcall, raw_error, type, select = pcall, xpcall, error, type, select
local string, table, math_type = string, table, math.type
local raw_rep, raw_format, raw_move, raw_gsub, raw_find =
  string.rep, string.format, table.move, string.gsub, string.find
local unpack, tostring, raw_tonumber, pack = table.unpack, tostring, tonumber, table.pack
local raw_concat, raw_insert, raw_remove = table.concat, table.insert, table.remove
local raw_byte, raw_len, raw_codepoint, raw_offset = string.byte, utf8.len, utf8.codepoint, utf8.offset

-- A spent budget or a memory error passes through pcall and xpcall to the kernel; a kernel
-- error is handed to the script as its message. A caught error costs what building it did
-- (a Rust function's error carries a traceback): 1,000 instructions.
local function pass(ok, ...)
  if ok then return ok, ... end
  local e = ...
  if fatal(e) then raw_error(e, 0) end
  charge(1000)
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

-- Functions that return one value per element: at most MAX_RESULTS at once, since every later
-- call that passes them on (`f(...)`) copies them all in one instruction.
local function results(what, n)
  if n > MAX_RESULTS then
    raw_error(what .. ": more than " .. MAX_RESULTS .. " values at once (use a loop)", 3)
  end
  if n > 0 then charge(n) end
end

-- The position Lua makes of a (possibly negative) string index.
local function at(i, len)
  if i >= 0 then return i elseif -i > len then return 0 else return len + i + 1 end
end

table.unpack = function(t, i, j)
  if type(t) == "table" then
    local first = i == nil and 1 or i
    local last = j
    if last == nil then last = #t end
    if math_type(first) and math_type(last) and last >= first then
      results("table.unpack", (last + 0.0) - (first + 0.0) + 1)
    end
  end
  return unpack(t, i, j)
end

-- The byte range s:sub(i, j) covers (i defaults to 1, j to i), clamped to the string; nil
-- when the arguments are not a string and integers (the library then reports them).
local function span(s, i, j)
  if type(s) ~= "string" then return nil end
  local len = #s
  local first = i == nil and 1 or i
  local last = j == nil and first or j
  if not (math_type(first) and math_type(last)) then return nil end
  first, last = at(first, len), at(last, len)
  if first < 1 then first = 1 end
  if last > len then last = len end
  return first, last
end

string.byte = function(s, i, j)
  local first, last = span(s, i, j)
  if first and last >= first then results("string.byte", last - first + 1) end
  return raw_byte(s, i, j)
end

utf8.codepoint = function(s, i, j, lax)
  local first, last = span(s, i, j)
  if first and last - first + 1 > 4 * MAX_RESULTS then
    raw_error("utf8.codepoint: more than " .. MAX_RESULTS .. " values at once (use utf8.codes)", 2)
  end
  local r = pack(raw_codepoint(s, i, j, lax))
  results("utf8.codepoint", r.n)
  return unpack(r, 1, r.n)
end

-- Walks every byte.
utf8.len = function(s, i, j, lax)
  if type(s) == "string" then charge(#s // 4) end
  return raw_len(s, i, j, lax)
end

utf8.offset = function(s, n, i)
  if type(s) == "string" then charge(#s // 4) end
  return raw_offset(s, n, i)
end

tonumber = function(v, base)
  if type(v) == "string" then charge(#v // 16) end
  return raw_tonumber(v, base)
end

-- Visits every element from i to j.
table.concat = function(t, sep, i, j)
  if type(t) == "table" then
    local first = i == nil and 1 or i
    local last = j
    if last == nil then last = #t end
    if math_type(first) and math_type(last) and last >= first then
      charge((last + 0.0) - (first + 0.0) + 1)
    end
  end
  return raw_concat(t, sep, i, j)
end

-- Inserting or removing at a position shifts every later element.
table.insert = function(t, ...)
  local n = select("#", ...)
  if n == 2 and type(t) == "table" then
    local pos = ...
    if math_type(pos) then charge(#t - pos) end
  end
  return raw_insert(t, ...)
end

table.remove = function(t, ...)
  if select("#", ...) > 0 and type(t) == "table" then
    local pos = ...
    if math_type(pos) then charge(#t - pos) end
  end
  return raw_remove(t, ...)
end

-- table.sort as a stable merge sort in Lua: the same result in every process whatever the
-- comparator does (Lua's quicksort picks pivots from the clock), every step counted as
-- instructions, and no reference to the elements held outside Lua.
table.sort = function(t, comp)
  if type(t) ~= "table" then
    raw_error("bad argument #1 to 'sort' (table expected, got " .. type(t) .. ")", 2)
  end
  if comp ~= nil and type(comp) ~= "function" then
    raw_error("bad argument #2 to 'sort' (function expected, got " .. type(comp) .. ")", 2)
  end
  local n = #t
  if n < 2 then return end
  local less = comp or function(x, y) return x < y end
  local a, b = {}, {}
  for i = 1, n do a[i] = t[i] end
  local width = 1
  while width < n do
    local lo = 1
    while lo <= n do
      local mid, hi = lo + width, lo + 2 * width
      if mid > n + 1 then mid = n + 1 end
      if hi > n + 1 then hi = n + 1 end
      local i, j, k = lo, mid, lo
      while i < mid and j < hi do
        -- Take from the right only when it is strictly less: stable.
        if less(a[j], a[i]) then b[k] = a[j]; j = j + 1 else b[k] = a[i]; i = i + 1 end
        k = k + 1
      end
      while i < mid do b[k] = a[i]; i = i + 1; k = k + 1 end
      while j < hi do b[k] = a[j]; j = j + 1; k = k + 1 end
      lo = hi
    end
    a, b = b, a
    width = width * 2
  end
  for i = 1, n do t[i] = a[i] end
end
