//! Lua 5.4's pattern matcher (lstrlib.c `match` and its helpers), ported to Rust so every step
//! counts against the instruction budget (sandbox/pattern.rs uses it for the string functions).
use super::Meter;
use mlua::{Lua, Value};

pub(super) const MAX_CAPTURES: usize = 32;
pub(super) const MAX_DEPTH: u32 = 200;
pub(super) const CAP_UNFINISHED: isize = -1;
pub(super) const CAP_POSITION: isize = -2;
/// Steps counted locally before they are charged to the meter.
pub(super) const BATCH: u64 = 4096;

pub(super) fn error(msg: impl Into<String>) -> mlua::Error {
    mlua::Error::runtime(msg.into())
}

/// A match in progress: subject, pattern, captures, and the steps not yet charged.
pub(super) struct State<'a> {
    pub(super) src: &'a [u8],
    pat: &'a [u8],
    level: usize,
    capture: [(usize, isize); MAX_CAPTURES],
    depth: u32,
    steps: u64,
    meter: &'a Meter,
}

impl<'a> State<'a> {
    pub(super) fn new(src: &'a [u8], pat: &'a [u8], meter: &'a Meter) -> Self {
        State {
            src,
            pat,
            level: 0,
            capture: [(0, 0); MAX_CAPTURES],
            depth: MAX_DEPTH,
            steps: 0,
            meter,
        }
    }

    fn step(&mut self) -> mlua::Result<()> {
        self.steps += 1;
        if self.steps >= BATCH {
            self.meter.charge(self.steps)?;
            self.steps = 0;
        }
        Ok(())
    }

    pub(super) fn flush(&mut self) -> mlua::Result<()> {
        let n = std::mem::take(&mut self.steps);
        self.meter.charge(n)
    }

    /// The pattern byte at `i`, 0 past the end (C reads the terminator there).
    fn p(&self, i: usize) -> u8 {
        self.pat.get(i).copied().unwrap_or(0)
    }

    fn s(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    fn class_end(&self, mut p: usize) -> mlua::Result<usize> {
        let c = self.p(p);
        p += 1;
        match c {
            b'%' => {
                if p >= self.pat.len() {
                    return Err(error("malformed pattern (ends with '%')"));
                }
                Ok(p + 1)
            }
            b'[' => {
                if self.p(p) == b'^' {
                    p += 1;
                }
                loop {
                    if p >= self.pat.len() {
                        return Err(error("malformed pattern (missing ']')"));
                    }
                    let c = self.p(p);
                    p += 1;
                    if c == b'%' && p < self.pat.len() {
                        p += 1;
                    }
                    if self.p(p) == b']' {
                        break;
                    }
                }
                Ok(p + 1)
            }
            _ => Ok(p),
        }
    }

    fn bracket_class(&self, c: u8, mut p: usize, ec: usize) -> bool {
        let mut sig = true;
        if self.p(p + 1) == b'^' {
            sig = false;
            p += 1;
        }
        loop {
            p += 1;
            if p >= ec {
                break;
            }
            if self.p(p) == b'%' {
                p += 1;
                if class(c, self.p(p)) {
                    return sig;
                }
            } else if self.p(p + 1) == b'-' && p + 2 < ec {
                p += 2;
                if self.p(p - 2) <= c && c <= self.p(p) {
                    return sig;
                }
            } else if self.p(p) == c {
                return sig;
            }
        }
        !sig
    }

    fn single(&self, s: usize, p: usize, ep: usize) -> bool {
        if s >= self.src.len() {
            return false;
        }
        let c = self.src[s];
        match self.p(p) {
            b'.' => true,
            b'%' => class(c, self.p(p + 1)),
            b'[' => self.bracket_class(c, p, ep - 1),
            x => x == c,
        }
    }

    fn balance(&mut self, s: usize, p: usize) -> mlua::Result<Option<usize>> {
        if p + 1 >= self.pat.len() {
            return Err(error("malformed pattern (missing arguments to '%b')"));
        }
        if s >= self.src.len() || self.src[s] != self.p(p) {
            return Ok(None);
        }
        let (b, e) = (self.p(p), self.p(p + 1));
        let mut cont = 1;
        let mut s = s;
        while s + 1 < self.src.len() {
            s += 1;
            self.step()?;
            let c = self.src[s];
            if c == e {
                cont -= 1;
                if cont == 0 {
                    return Ok(Some(s + 1));
                }
            } else if c == b {
                cont += 1;
            }
        }
        Ok(None)
    }

    fn max_expand(&mut self, s: usize, p: usize, ep: usize) -> mlua::Result<Option<usize>> {
        let mut i = 0;
        while self.single(s + i, p, ep) {
            self.step()?;
            i += 1;
        }
        loop {
            if let Some(r) = self.do_match(s + i, ep + 1)? {
                return Ok(Some(r));
            }
            if i == 0 {
                return Ok(None);
            }
            i -= 1;
        }
    }

    fn min_expand(&mut self, mut s: usize, p: usize, ep: usize) -> mlua::Result<Option<usize>> {
        loop {
            if let Some(r) = self.do_match(s, ep + 1)? {
                return Ok(Some(r));
            }
            if self.single(s, p, ep) {
                s += 1;
            } else {
                return Ok(None);
            }
        }
    }

    fn start_capture(&mut self, s: usize, p: usize, what: isize) -> mlua::Result<Option<usize>> {
        if self.level >= MAX_CAPTURES {
            return Err(error("too many captures"));
        }
        self.capture[self.level] = (s, what);
        self.level += 1;
        let r = self.do_match(s, p)?;
        if r.is_none() {
            self.level -= 1;
        }
        Ok(r)
    }

    fn end_capture(&mut self, s: usize, p: usize) -> mlua::Result<Option<usize>> {
        let l = (0..self.level)
            .rev()
            .find(|&l| self.capture[l].1 == CAP_UNFINISHED)
            .ok_or_else(|| error("invalid pattern capture"))?;
        self.capture[l].1 = (s - self.capture[l].0) as isize;
        let r = self.do_match(s, p)?;
        if r.is_none() {
            self.capture[l].1 = CAP_UNFINISHED;
        }
        Ok(r)
    }

    fn match_capture(&mut self, s: usize, l: u8) -> mlua::Result<Option<usize>> {
        let l = (l as isize) - (b'1' as isize);
        if l < 0 || l as usize >= self.level || self.capture[l as usize].1 == CAP_UNFINISHED {
            return Err(error(format!("invalid capture index %{}", l + 1)));
        }
        let (init, len) = self.capture[l as usize];
        let len = len.max(0) as usize;
        for _ in 0..len / 64 {
            self.step()?;
        }
        if self.src.len() - s >= len && self.src[init..init + len] == self.src[s..s + len] {
            Ok(Some(s + len))
        } else {
            Ok(None)
        }
    }

    pub(super) fn do_match(&mut self, s: usize, p: usize) -> mlua::Result<Option<usize>> {
        if self.depth == 0 {
            return Err(error("pattern too complex"));
        }
        self.depth -= 1;
        self.step()?;
        let r = self.match_at(s, p);
        self.depth += 1;
        r
    }

    fn match_at(&mut self, mut s: usize, mut p: usize) -> mlua::Result<Option<usize>> {
        loop {
            if p == self.pat.len() {
                return Ok(Some(s));
            }
            match self.p(p) {
                b'(' => {
                    return if self.p(p + 1) == b')' {
                        self.start_capture(s, p + 2, CAP_POSITION)
                    } else {
                        self.start_capture(s, p + 1, CAP_UNFINISHED)
                    };
                }
                b')' => return self.end_capture(s, p + 1),
                b'$' if p + 1 == self.pat.len() => {
                    return Ok((s == self.src.len()).then_some(s));
                }
                b'%' if self.p(p + 1) == b'b' => match self.balance(s, p + 2)? {
                    Some(e) => {
                        s = e;
                        p += 4;
                        continue;
                    }
                    None => return Ok(None),
                },
                b'%' if self.p(p + 1) == b'f' => {
                    p += 2;
                    if self.p(p) != b'[' {
                        return Err(error("missing '[' after '%f' in pattern"));
                    }
                    let ep = self.class_end(p)?;
                    let previous = if s == 0 { 0 } else { self.src[s - 1] };
                    if !self.bracket_class(previous, p, ep - 1)
                        && self.bracket_class(self.s(s), p, ep - 1)
                    {
                        p = ep;
                        continue;
                    }
                    return Ok(None);
                }
                b'%' if self.p(p + 1).is_ascii_digit() => {
                    match self.match_capture(s, self.p(p + 1))? {
                        Some(e) => {
                            s = e;
                            p += 2;
                            continue;
                        }
                        None => return Ok(None),
                    }
                }
                _ => {
                    let ep = self.class_end(p)?;
                    let next = self.p(ep);
                    if !self.single(s, p, ep) {
                        if matches!(next, b'*' | b'?' | b'-') {
                            p = ep + 1;
                            continue;
                        }
                        return Ok(None);
                    }
                    match next {
                        b'?' => {
                            if let Some(r) = self.do_match(s + 1, ep + 1)? {
                                return Ok(Some(r));
                            }
                            p = ep + 1;
                        }
                        b'+' => return self.max_expand(s + 1, p, ep),
                        b'*' => return self.max_expand(s, p, ep),
                        b'-' => return self.min_expand(s, p, ep),
                        _ => {
                            s += 1;
                            p = ep;
                        }
                    }
                }
            }
        }
    }

    /// Capture `i` (the whole match `s..e` when the pattern has none).
    pub(super) fn capture_value(
        &self,
        lua: &Lua,
        i: usize,
        s: usize,
        e: usize,
    ) -> mlua::Result<Value> {
        if i >= self.level {
            if i != 0 {
                return Err(error(format!("invalid capture index %{}", i + 1)));
            }
            return Ok(Value::String(lua.create_string(&self.src[s..e])?));
        }
        let (init, len) = self.capture[i];
        match len {
            CAP_UNFINISHED => Err(error("unfinished capture")),
            CAP_POSITION => Ok(Value::Integer(init as i64 + 1)),
            len => Ok(Value::String(
                lua.create_string(&self.src[init..init + len as usize])?,
            )),
        }
    }

    pub(super) fn captures(
        &self,
        lua: &Lua,
        s: Option<(usize, usize)>,
    ) -> mlua::Result<Vec<Value>> {
        let n = if self.level == 0 && s.is_some() {
            1
        } else {
            self.level
        };
        let (a, b) = s.unwrap_or((0, 0));
        (0..n).map(|i| self.capture_value(lua, i, a, b)).collect()
    }

    pub(super) fn reset(&mut self) {
        self.level = 0;
        self.depth = MAX_DEPTH;
    }
}

/// `%a`, `%d`, … in the C locale; any other character stands for itself.
fn class(c: u8, cl: u8) -> bool {
    let res = match cl.to_ascii_lowercase() {
        b'a' => c.is_ascii_alphabetic(),
        b'c' => c.is_ascii_control(),
        b'd' => c.is_ascii_digit(),
        b'g' => c.is_ascii_graphic(),
        b'l' => c.is_ascii_lowercase(),
        b'p' => c.is_ascii_punctuation(),
        b's' => matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c),
        b'u' => c.is_ascii_uppercase(),
        b'w' => c.is_ascii_alphanumeric(),
        b'x' => c.is_ascii_hexdigit(),
        _ => return cl == c,
    };
    if cl.is_ascii_uppercase() {
        !res
    } else {
        res
    }
}
