//! Card faces from data: `fuda faces` writes each card's face as SVG from the game's face
//! template (`face:` in game.yaml, else a plain default: name, type, art, text), and printable
//! sheets of proxies.
pub mod template;

use crate::bundle::Bundle;
use fuda_engine::def::card::CardDef;
use fuda_engine::def::game::GameDef;
use std::path::{Path, PathBuf};

/// The face used when a game declares none: name, type, an art placeholder, the body.
pub const DEFAULT_TEMPLATE: &str = include_str!("default.svg");

/// Cards per printed sheet (3 × 3 on A4, 63 × 88 mm each).
const PER_SHEET: usize = 9;

/// `fuda faces`: write card faces as SVG.
#[derive(clap::Args, Clone)]
pub struct FacesCommand {
    /// A pack folder: only its cards (default: every card of the game).
    pub pack: Option<PathBuf>,
    /// Game folder (default: the pack's game, else the built-in 汎用TCG).
    #[arg(long, value_name = "DIR")]
    pub game: Option<PathBuf>,
    /// Where the faces go (`<card id>.svg`, and `sheet-N.svg` for printing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

/// A game's face template: its own (`face:`) or the default.
pub fn template_of(game: &GameDef) -> Result<String, String> {
    match &game.face {
        Some(f) => fuda_engine::def::files::read_regular(f)
            .map_err(|e| format!("cannot read the face template: {e}")),
        None => Ok(DEFAULT_TEMPLATE.to_string()),
    }
}

/// The face template checked against the game: (file, line, what to fix) per problem.
pub fn check_template(game: &GameDef) -> Vec<(PathBuf, usize, String)> {
    let file = game
        .face
        .clone()
        .unwrap_or_else(|| PathBuf::from("(default face)"));
    match template_of(game) {
        Ok(text) => template::problems(&text, game)
            .into_iter()
            .map(|(line, what)| {
                (
                    file.clone(),
                    line,
                    format!("face template: {what} (docs/faces.md)"),
                )
            })
            .collect(),
        Err(e) => vec![(file, 0, e)],
    }
}

/// [`check_template`]'s problems as one message, if any.
pub fn template_errors(game: &GameDef) -> Result<(), String> {
    let p = check_template(game);
    if p.is_empty() {
        return Ok(());
    }
    Err(p
        .iter()
        .map(|(f, l, m)| format!("{}:{l}: {m}", f.display()))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Each card's face, in the game's card order.
pub fn faces(bundle: &Bundle, only: Option<&Path>) -> Result<Vec<(String, String)>, String> {
    let game = &bundle.defs.game;
    let tpl = template_of(game)?;
    let only = only.map(|p| p.canonicalize().unwrap_or_else(|_| p.to_path_buf()));
    Ok(bundle
        .defs
        .cards
        .cards
        .iter()
        .filter(|c| only.as_ref().is_none_or(|p| in_pack(c, p)))
        .map(|c| (c.named.id.clone(), template::render(&tpl, game, c)))
        .collect())
}

fn in_pack(card: &CardDef, pack: &Path) -> bool {
    let f = &card.location.file;
    f.canonicalize()
        .unwrap_or_else(|_| f.clone())
        .starts_with(pack)
}

/// Printable A4 sheets (in millimetres) of 3 × 3 proxies each.
pub fn sheets(faces: &[(String, String)]) -> Vec<String> {
    faces
        .chunks(PER_SHEET)
        .map(|page| {
            let mut s = String::from(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297">"#,
            );
            s.push('\n');
            for (i, (_, svg)) in page.iter().enumerate() {
                let (x, y) = (10.5 + 63.0 * (i % 3) as f64, 16.5 + 88.0 * (i / 3) as f64);
                s.push_str(&format!(
                    r#"<svg x="{x}" y="{y}" width="63" height="88" viewBox="{}">"#,
                    view_box(svg)
                ));
                s.push_str(without_declaration(svg));
                s.push_str("</svg>");
                s.push('\n');
            }
            s.push_str("</svg>\n");
            s
        })
        .collect()
}

/// The face without a leading `<?xml …?>` (not allowed inside another document).
fn without_declaration(svg: &str) -> &str {
    let t = svg.trim_start();
    match t
        .strip_prefix("<?xml")
        .and_then(|r| r.find("?>").map(|e| &r[e + 2..]))
    {
        Some(rest) => rest,
        None => t,
    }
}

/// The face's `viewBox` (faces are drawn in their own units and scaled to the card).
fn view_box(svg: &str) -> &str {
    svg.find("viewBox=\"")
        .and_then(|i| {
            let rest = &svg[i + 9..];
            rest.find('"').map(|e| &rest[..e])
        })
        .unwrap_or("0 0 250 350")
}

pub fn main(cmd: &FacesCommand, out: &mut dyn std::io::Write) -> Result<(), String> {
    let (dir, pack) = crate::pack::resolve(cmd.game.as_deref(), cmd.pack.as_deref())?;
    let bundle = Bundle::load_with_pack(&dir, pack.as_deref()).map_err(|e| e.to_string())?;
    template_errors(&bundle.defs.game)?;
    let faces = faces(&bundle, pack.as_deref())?;
    std::fs::create_dir_all(&cmd.out).map_err(|e| format!("{}: {e}", cmd.out.display()))?;
    let write = |name: String, text: &str| {
        let p = cmd.out.join(name);
        std::fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))
    };
    for (id, svg) in &faces {
        write(format!("{}.svg", file_safe(id)), svg)?;
    }
    let sheets = sheets(&faces);
    for (i, s) in sheets.iter().enumerate() {
        write(format!("sheet-{}.svg", i + 1), s)?;
    }
    let _ = writeln!(
        out,
        "{} faces and {} printable sheets (A4, 3 × 3 at 63 × 88 mm) in {}",
        faces.len(),
        sheets.len(),
        cmd.out.display()
    );
    Ok(())
}

/// A card id as a file name (ids are the pack author's; no separators or dots lead).
pub fn file_safe(id: &str) -> String {
    id.chars()
        .map(|c| match c {
            '/' | '\\' | ':' | '\0' => '_',
            c => c,
        })
        .collect::<String>()
        .trim_start_matches('.')
        .to_string()
}
