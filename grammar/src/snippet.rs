//! Source positions and caret rendering (East Asian wide characters count as 2 columns).

/// 1-based line and column (in chars) of a byte offset. Offsets past the end
/// or inside a char are clamped to the previous char boundary.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = floor_boundary(src, offset);
    let before = &src[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = src[line_start..offset].chars().count() + 1;
    (line, col)
}

fn floor_boundary(src: &str, offset: usize) -> usize {
    let mut offset = offset.min(src.len());
    while !src.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Terminal columns a char takes: 2 for East Asian wide/fullwidth, 0 for combining marks.
pub fn char_width(c: char) -> usize {
    let cp = c as u32;
    let zero = matches!(cp,
        0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x200B..=0x200F
        | 0x20D0..=0x20FF | 0x3099..=0x309A | 0xFE00..=0xFE0F | 0xFE20..=0xFE2F);
    if zero {
        return 0;
    }
    let wide = matches!(cp,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xA960..=0xA97F | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF | 0xFE10..=0xFE19 | 0xFE30..=0xFE6F | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6 | 0x1F300..=0x1F64F | 0x1F900..=0x1F9FF
        | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD);
    if wide {
        2
    } else {
        1
    }
}

/// Display width of a string (tabs count as 4).
pub fn str_width(s: &str) -> usize {
    s.chars()
        .map(|c| if c == '\t' { 4 } else { char_width(c) })
        .sum()
}

/// Renders a message, the source line holding `start`, and carets under
/// `start..end` (clipped to that line, at least one caret):
///
/// ```text
/// error: unexpected ")"
///  --> 1:5
///   |
/// 1 | a + )
///   |     ^
/// ```
pub fn render(src: &str, start: usize, end: usize, message: &str) -> String {
    let start = floor_boundary(src, start);
    let (line, col) = line_col(src, start);
    let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
    let text = &src[line_start..line_end];
    let end = end.clamp(start, line_end) - line_start;
    render_line(text, line, col, start - line_start, end, message)
}

/// Like [`render`], for one line already cut out: `start..end` are byte offsets in `text`.
pub fn render_line(
    text: &str,
    line: usize,
    col: usize,
    start: usize,
    end: usize,
    message: &str,
) -> String {
    let start = floor_boundary(text, start);
    let end = floor_boundary(text, end.max(start));
    let text = text.trim_end_matches('\r');
    let pad = str_width(&text[..start.min(text.len())]);
    let carets = str_width(&text[start.min(text.len())..end.min(text.len())]).max(1);
    let num = line.to_string();
    let gutter = " ".repeat(num.len());
    format!(
        "error: {message}\n{gutter}--> {line}:{col}\n{gutter} |\n{num} | {}\n{gutter} | {}{}",
        text.replace('\t', "    "),
        " ".repeat(pad),
        "^".repeat(carets),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths() {
        assert_eq!(char_width('a'), 1);
        assert_eq!(char_width('炎'), 2);
        assert_eq!(char_width('ユ'), 2);
        assert_eq!(char_width('ｘ'), 2);
        assert_eq!(char_width('\u{3000}'), 2);
        assert_eq!(char_width('ｱ'), 1); // halfwidth katakana
        assert_eq!(char_width('\u{0301}'), 0);
        assert_eq!(str_width("属性 == 1"), 9);
    }

    #[test]
    fn line_col_counts_chars() {
        let src = "属性\n炎 + x";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 3), (1, 2));
        assert_eq!(line_col(src, 7), (2, 1));
        assert_eq!(line_col(src, 11), (2, 3));
        assert_eq!(line_col(src, 999), (2, 6));
        assert_eq!(line_col(src, 1), (1, 1)); // inside a char: clamped
    }

    #[test]
    fn render_clips_to_line() {
        let out = render("a +\n炎", 2, 99, "boom");
        assert_eq!(out, "error: boom\n --> 1:3\n  |\n1 | a +\n  |   ^");
        let out = render("炎炎 x", 7, 8, "here");
        assert!(out.ends_with("\n  |      ^"), "{out}");
    }
}
