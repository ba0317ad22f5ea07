//! Decisions written by meaning: `p1: charge 炎の剣士 with 火の粉の妖精` picks the option whose
//! label has all the words (the game maps verbs to label words with `phrases:`).
use fuda_engine::{Decision, Game};

const FILLER: [&str; 9] = ["with", "to", "on", "into", "from", "the", "a", "→", "and"];

/// The words an option label must contain, after mapping the verb.
fn words(game: &Game, phrase: &str) -> Vec<String> {
    let mut toks = phrase.split_whitespace();
    let mut out = Vec::new();
    if let Some(verb) = toks.next() {
        match game.defs.game.phrases.get(verb) {
            Some(mapped) => out.extend(mapped.split_whitespace().map(str::to_string)),
            None => out.push(verb.to_string()),
        }
    }
    out.extend(toks.filter(|t| !FILLER.contains(t)).map(str::to_string));
    out
}

fn list(d: &Decision) -> String {
    d.options
        .iter()
        .enumerate()
        .map(|(i, o)| format!("\n      {}. {}", i + 1, o.label))
        .collect()
}

/// The option indices `phrase` means in decision `d`. `option N` picks by number; for a
/// decision that takes several, groups are separated by `and` (`choose 炎の剣士 and 森の小人`).
pub fn pick(game: &Game, d: &Decision, phrase: &str) -> Result<Vec<u16>, String> {
    let phrase = phrase.trim();
    // `none`: choose nothing, where the decision allows it (a 0-or-more choice).
    if phrase == "none" {
        return if d.min == 0 {
            Ok(Vec::new())
        } else {
            Err(format!(
                "\"none\" answers only a choice of 0 or more; this one needs at least {}:{}",
                d.min,
                list(d)
            ))
        };
    }
    if let Some(n) = phrase
        .strip_prefix("option ")
        .and_then(|n| n.trim().parse::<usize>().ok())
    {
        if n == 0 || n > d.options.len() {
            return Err(format!(
                "there is no option {n}; the options are:{}",
                list(d)
            ));
        }
        return Ok(vec![(n - 1) as u16]);
    }
    if d.max > 1 {
        let mut verb_and_rest = phrase.splitn(2, ' ');
        let verb = verb_and_rest.next().unwrap_or("");
        let rest = verb_and_rest.next().unwrap_or("");
        let mut picks: Vec<u16> = Vec::new();
        for group in rest.split(" and ").filter(|g| !g.trim().is_empty()) {
            let one = pick_one(game, d, &format!("{verb} {group}"), &picks)?;
            picks.push(one);
        }
        picks.sort();
        return Ok(picks);
    }
    Ok(vec![pick_one(game, d, phrase, &[])?])
}

fn pick_one(game: &Game, d: &Decision, phrase: &str, taken: &[u16]) -> Result<u16, String> {
    let want = words(game, phrase);
    let hits: Vec<usize> = (0..d.options.len())
        .filter(|i| !taken.contains(&(*i as u16)))
        .filter(|&i| want.iter().all(|w| d.options[i].label.contains(w.as_str())))
        .collect();
    match hits.as_slice() {
        [] => Err(format!(
            "no option matches \"{phrase}\" (words: {}); the options are:{}",
            want.join(" "),
            list(d)
        )),
        [one] => Ok(*one as u16),
        many => {
            // Of several, the only one where each word stands whole ("×2" among ×2 and ×20).
            let whole: Vec<usize> = many
                .iter()
                .copied()
                .filter(|&i| want.iter().all(|w| has_whole(&d.options[i].label, w)))
                .collect();
            // Identical labels are the same choice as far as the phrase can tell: take the first.
            if many
                .iter()
                .all(|&i| d.options[i].label == d.options[many[0]].label)
            {
                Ok(many[0] as u16)
            } else if let [one] = whole.as_slice() {
                Ok(*one as u16)
            } else {
                let opts: String = many
                    .iter()
                    .map(|&i| format!("\n      {}. {}", i + 1, d.options[i].label))
                    .collect();
                Err(format!(
                    "\"{phrase}\" matches several options; add words to tell them apart:{opts}"
                ))
            }
        }
    }
}

/// Whether `w` occurs in `label` not followed or preceded by more letters or digits.
fn has_whole(label: &str, w: &str) -> bool {
    label.match_indices(w).any(|(at, _)| {
        let before = label[..at].chars().next_back();
        let after = label[at + w.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}
