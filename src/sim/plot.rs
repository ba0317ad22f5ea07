//! `fuda sim --plot out.svg`: win rates with 95 % intervals, the distribution of game lengths
//! and the cards' win rates when played, in one SVG.
use super::record::Header;
use super::stats::{wilson, Stats};
use plotters::prelude::*;
use std::path::Path;

fn err(e: impl std::fmt::Display) -> String {
    format!("plot: {e}")
}

pub fn draw(path: &Path, h: &Header, s: &Stats) -> Result<(), String> {
    let root = SVGBackend::new(path, (1200, 900)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let root = root
        .titled(
            &format!(
                "{}: {} games, {} ({}) vs {} ({})",
                h.game, s.games, h.decks[0], h.agents[0], h.decks[1], h.agents[1]
            ),
            ("sans-serif", 22),
        )
        .map_err(err)?;
    let (top, bottom) = root.split_vertically(380);
    let (left, right) = top.split_horizontally(480);
    rates(&left, s)?;
    lengths(&right, s)?;
    cards(&bottom, s)?;
    root.present().map_err(err)
}

/// Bars with 95 % Wilson intervals: P1 wins, P2 wins, draws, first player's wins.
fn rates<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    s: &Stats,
) -> Result<(), String> {
    let rows = [
        ("P1 wins", s.wins[0], s.games),
        ("P2 wins", s.wins[1], s.games),
        ("draws", s.draws, s.games),
        ("first player wins", s.first_wins, s.first_decided),
    ];
    let mut chart = ChartBuilder::on(area)
        .caption("results (95% CI)", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(40)
        .build_cartesian_2d((0..rows.len() as i32).into_segmented(), 0f64..100f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) => rows
                .get(*i as usize)
                .map(|r| r.0.to_string())
                .unwrap_or_default(),
            _ => String::new(),
        })
        .y_desc("%")
        .draw()
        .map_err(err)?;
    for (i, (_, k, n)) in rows.iter().enumerate() {
        let i = i as i32;
        let p = 100.0 * *k as f64 / (*n).max(1) as f64;
        let (lo, hi) = wilson(*k, *n);
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), p),
                ],
                BLUE.mix(0.5).filled(),
            )))
            .map_err(err)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![
                    (SegmentValue::CenterOf(i), 100.0 * lo),
                    (SegmentValue::CenterOf(i), 100.0 * hi),
                ],
                BLACK.stroke_width(2),
            )))
            .map_err(err)?;
    }
    Ok(())
}

/// Histogram of game lengths in turns.
fn lengths<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    s: &Stats,
) -> Result<(), String> {
    let max_t = s.turns.keys().next_back().copied().unwrap_or(1).max(1);
    let max_n = s.turns.values().copied().max().unwrap_or(1).max(1);
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!(
                "game length (turns): mean {:.1}, median {}",
                s.mean_turns(),
                s.turn_quantile(0.5)
            ),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(50)
        .build_cartesian_2d(
            (0u32..max_t + 1).into_segmented(),
            0u64..max_n + max_n / 10 + 1,
        )
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("turns")
        .y_desc("games")
        .draw()
        .map_err(err)?;
    chart
        .draw_series(
            Histogram::vertical(&chart)
                .style(GREEN.mix(0.6).filled())
                .data(s.turns.iter().map(|(t, n)| (*t, *n))),
        )
        .map_err(err)?;
    Ok(())
}

/// The most played cards: win rate when played (bar) and play rate (dot).
fn cards<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    s: &Stats,
) -> Result<(), String> {
    let mut rows: Vec<(&String, f64, f64)> = s
        .cards
        .iter()
        .filter(|(_, c)| c.played > 0)
        .map(|(n, c)| {
            (
                n,
                100.0 * c.won_played as f64 / c.played as f64,
                100.0 * c.played as f64 / c.in_deck.max(1) as f64,
            )
        })
        .collect();
    rows.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(b.0)));
    rows.truncate(30);
    if rows.is_empty() {
        return Ok(());
    }
    let n = rows.len() as i32;
    let mut chart = ChartBuilder::on(area)
        .caption(
            "cards: win rate when played (bars), play rate (dots), %",
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(140)
        .y_label_area_size(40)
        .build_cartesian_2d((0..n).into_segmented(), 0f64..100f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n as usize)
        .x_label_style(
            ("sans-serif", 12)
                .into_font()
                .transform(FontTransform::Rotate90),
        )
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) => rows
                .get(*i as usize)
                .map(|r| r.0.to_string())
                .unwrap_or_default(),
            _ => String::new(),
        })
        .draw()
        .map_err(err)?;
    chart
        .draw_series(rows.iter().enumerate().map(|(i, r)| {
            let i = i as i32;
            Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), r.1),
                ],
                RED.mix(0.5).filled(),
            )
        }))
        .map_err(err)?;
    chart
        .draw_series(
            rows.iter().enumerate().map(|(i, r)| {
                Circle::new((SegmentValue::CenterOf(i as i32), r.2), 4, BLACK.filled())
            }),
        )
        .map_err(err)?;
    Ok(())
}
