//! Reading YAML files of a game, pack, deck or scenario: a key given twice is an error (never
//! "the last one wins"), and one broken card does not hide the others.
use crate::error::LoadError;
use serde::de::DeserializeOwned;
use std::path::Path;

/// Parses `text` as `T`; a duplicate key anywhere is an error at its second occurrence.
pub fn from_str<T: DeserializeOwned>(file: &Path, text: &str) -> Result<T, LoadError> {
    duplicate_keys(file, text)?;
    serde_yaml::from_str(text).map_err(|e| LoadError::yaml(file, &e))
}

/// A key given twice in one mapping, located (serde_yaml's own mapping refuses duplicates; typed
/// maps and structs with `flatten` would keep the last value).
pub fn duplicate_keys(file: &Path, text: &str) -> Result<(), LoadError> {
    match serde_yaml::from_str::<serde_yaml::Value>(text) {
        Err(e) if e.to_string().contains("duplicate entry") => {
            let mut err = LoadError::yaml(file, &e);
            let key = match err.message.split_once("duplicate entry with key ") {
                Some((_, k)) => k.to_string(),
                None => "a key".to_string(),
            };
            // serde_yaml points at the mapping; the mistake is the key's second occurrence.
            let name = key.trim_matches('"');
            let lines = crate::error::Lines::new(text);
            let mut at = text
                .split_inclusive('\n')
                .take(err.location.line.saturating_sub(1))
                .map(str::len)
                .sum::<usize>();
            let mut seen = 0;
            while let Some(i) = lines.find_token(name, at) {
                at = i + name.len();
                if text[at..].trim_start_matches(['"', '\'']).starts_with(':') {
                    seen += 1;
                    if seen == 2 {
                        (err.location.line, err.location.column) = lines.line_col(i);
                        break;
                    }
                }
            }
            err.message = format!("the key {key} is given twice in the same mapping");
            Err(err.hint("only one value can count: remove or rename one of them"))
        }
        _ => Ok(()),
    }
}

/// The items of the top-level list `key:` (a block list), each as the text of the file with
/// everything before the item blanked out and everything after it cut, so an item parses on its
/// own at its own lines and columns: `key:` then the item. None if the list is not written as a
/// plain block list.
pub fn list_items(text: &str, key: &str) -> Option<Vec<String>> {
    let lines: Vec<&str> = text.split('\n').collect();
    let head = lines
        .iter()
        .position(|l| l.trim_end() == format!("{key}:") || l.starts_with(&format!("{key}: #")))?;
    let mut starts = Vec::new();
    let mut end = lines.len();
    let mut indent = None;
    for (i, l) in lines.iter().enumerate().skip(head + 1) {
        let t = l.trim_start();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let ind = l.len() - t.len();
        match indent {
            None if t.starts_with("- ") || t == "-" => indent = Some(ind),
            None => return None,
            Some(n) if ind < n || (ind == n && !(t.starts_with("- ") || t == "-")) => {
                end = i;
                break;
            }
            _ => {}
        }
        if Some(ind) == indent && (t.starts_with("- ") || t == "-") {
            starts.push(i);
        }
    }
    let mut out = Vec::new();
    for (n, &s) in starts.iter().enumerate() {
        let stop = starts.get(n + 1).copied().unwrap_or(end);
        let mut item = format!("{key}:\n");
        item.push_str(&"\n".repeat(s.saturating_sub(1)));
        item.push_str(&lines[s..stop].join("\n"));
        out.push(item);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duplicate_key_is_located() {
        let e = from_str::<serde_yaml::Value>(
            Path::new("d.yaml"),
            "name: a\ncards:\n  X: 1\n  XX: 1\n  X: 2\n",
        )
        .unwrap_err();
        assert_eq!((e.location.line, e.location.column), (5, 3));
        assert!(e.message.contains("\"X\" is given twice"), "{}", e.message);
    }

    #[test]
    fn list_items_keep_their_lines() {
        let text = "# c\ncards:\n  - id: A\n    n: 1\n\n  - id: B\n    n: 2\nother: 1\n";
        let items = list_items(text, "cards").expect("a block list");
        assert_eq!(items.len(), 2);
        assert_eq!(items[1].lines().nth(5), Some("  - id: B"));
        assert!(!items[0].contains("id: B") && !items[1].contains("other"));
    }

    /// A bare `-` item, a list nested in an item, and the first key after the list.
    #[test]
    fn list_items_of_a_nested_list() {
        let text = "cards:\n  -\n    id: A\n  - id: B\n    sub:\n      - x\n      - y\n  -\n    id: C\nnext: 1\n";
        let items = list_items(text, "cards").expect("a block list");
        assert_eq!(items.len(), 3, "{items:?}");
        assert!(items[0].ends_with("  -\n    id: A"), "{:?}", items[0]);
        assert!(items[1].contains("      - y") && !items[1].contains("id: C"));
        assert!(items[2].ends_with("    id: C"), "{:?}", items[2]);
        let parsed: serde_yaml::Value = serde_yaml::from_str(&items[1]).expect("parses alone");
        assert_eq!(parsed["cards"][0]["sub"][1], serde_yaml::Value::from("y"));
    }

    /// Not a block list: the items cannot be cut out.
    #[test]
    fn list_items_of_something_else() {
        assert_eq!(list_items("cards:\n  id: A\n", "cards"), None);
        assert_eq!(list_items("cards: []\n", "cards"), None);
        assert_eq!(list_items("other:\n  - a\n", "cards"), None);
    }

    /// Only a duplicate key is reported as one; other YAML errors are left to the parser.
    #[test]
    fn other_yaml_errors_are_not_duplicates() {
        let file = Path::new("e.yaml");
        assert!(duplicate_keys(file, "a: [1,\n").is_ok());
        let e = from_str::<serde_yaml::Value>(file, "a: [1,\n").unwrap_err();
        assert!(!e.message.contains("given twice"), "{}", e.message);
    }
}
