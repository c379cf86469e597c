//! Text for `fray roll`: every die and what became of it, and the odds table.

use crate::dice::expr::roll::{Rolled, die_text};
use crate::render::Palette;
use crate::render::odds::{bar, fraction_text, percent};
use std::fmt::Write as _;

/// The block of one run: a line per expression, its dice wrapped under one another.
pub fn rolls(results: &[Rolled], p: &Palette, out: &mut String) {
    let width = results.iter().map(|r| r.expression.chars().count()).max().unwrap_or(0).min(24);
    for r in results {
        let mut line = String::from("  ");
        let name = &r.expression;
        let _ = write!(line, "{}", p.name(name));
        let pad = width.saturating_sub(name.chars().count());
        line.push_str(&" ".repeat(pad + 2));
        let indent = 2 + name.chars().count().max(width) + 2;
        let mut column = indent;
        let bracket = r.terms.len() != 1 || !r.bare;
        let mut pieces: Vec<(String, String)> = Vec::new();
        for term in &r.terms {
            let dice = &r.dice[term.dice.clone()];
            for (i, die) in dice.iter().enumerate() {
                let text = die_text(die);
                let mut plain = text.clone();
                let mut painted = if die.rerolled || !die.kept {
                    p.dim(&text).to_string()
                } else if die.success == Some(true) {
                    p.good(&text).to_string()
                } else if die.failure == Some(true) {
                    p.bad(&text).to_string()
                } else {
                    p.paint(p.die, &text).to_string()
                };
                if bracket && i == 0 {
                    plain.insert(0, '[');
                    painted.insert(0, '[');
                }
                if bracket && i + 1 == dice.len() {
                    plain.push(']');
                    painted.push(']');
                }
                pieces.push((plain, painted));
            }
        }
        let what = if r.bare && r.terms[0].success.is_some() {
            if r.total == 1 { "1 success".to_string() } else { format!("{} successes", r.total) }
        } else {
            r.total.to_string()
        };
        pieces.push((format!("= {what}"), format!("= {}", p.total(&what))));
        for (i, (plain, painted)) in pieces.iter().enumerate() {
            let w = plain.chars().count();
            if i > 0 {
                if column + 1 + w > p.width {
                    line.push('\n');
                    line.push_str(&" ".repeat(indent));
                    column = indent;
                } else {
                    line.push(' ');
                    column += 1;
                }
            }
            line.push_str(painted);
            column += w;
        }
        out.push_str(&line);
        out.push('\n');
    }
}

/// One row of the odds table.
pub struct Row {
    pub outcome: i64,
    pub fraction: Option<String>,
    pub probability: f64,
    pub at_least: f64,
    pub margin: Option<f64>,
}

pub struct OddsText<'a> {
    pub rows: &'a [Row],
    pub mean: f64,
    pub sd: f64,
    /// The fraction and chance past the listed outcomes, and how deep the dice were followed.
    pub beyond: Option<(String, f64)>,
    pub trials: Option<(u64, u64)>,
}

pub fn odds(o: &OddsText, p: &Palette, out: &mut String) {
    if let Some((trials, seed)) = o.trials {
        let _ = writeln!(
            out,
            "  {}",
            p.warn(format_args!("estimated from {trials} seeded rolls (seed {seed}): not worked out exactly"))
        );
    }
    let value_width = o.rows.iter().map(|r| r.outcome.to_string().len()).max().unwrap_or(1).max(5);
    // The bar takes what the line leaves, up to 24 cells; a long fraction is shortened to fit.
    let cells = p.width.saturating_sub(2 + value_width + 2 + 8 + 2 + 7 + 2 + 8 + 2).clamp(4, 24);
    let room = p.width.saturating_sub(2 + value_width + 2 + 2 + 7 + 2 + 8 + 2 + cells);
    let fractions: Vec<String> =
        o.rows.iter().map(|r| r.fraction.as_deref().map(|f| fraction_text(f, room)).unwrap_or_default()).collect();
    let fraction_width = fractions.iter().map(|f| f.chars().count()).max().unwrap_or(0).max(8);
    if o.trials.is_none() {
        let _ = writeln!(
            out,
            "  {:>value_width$}  {:>fraction_width$}  {:>7}  {:>8}",
            p.dim("total"),
            p.dim("fraction"),
            p.dim("chance"),
            p.dim("at least")
        );
    } else {
        let _ = writeln!(out, "  {:>value_width$}  {:>16}  {:>8}", p.dim("total"), p.dim("chance"), p.dim("at least"));
    }
    for (row, fraction) in o.rows.iter().zip(&fractions) {
        let _ = write!(out, "  {:>value_width$}  ", row.outcome);
        match row.margin {
            None => {
                let _ = write!(out, "{:>fraction_width$}  {:>7}", p.total(fraction), percent(row.probability));
            }
            Some(m) => {
                let _ = write!(out, "≈{:>7} ±{:<6}", percent(row.probability), format!("{:.2}%", m * 100.0));
            }
        }
        let _ = writeln!(out, "  {:>8}  {}", percent(row.at_least), p.paint(p.bar, bar(row.probability, cells)));
    }
    if let Some((fraction, chance)) = &o.beyond {
        let last = o.rows.last().map_or(0, |r| r.outcome);
        let shown = fraction_text(fraction, room);
        let _ = writeln!(
            out,
            "  {:>value_width$}  {:>fraction_width$}  {:>7}  {}",
            format!(">{last}"),
            p.warn(&shown),
            percent(*chance),
            p.dim("not listed: the dice can explode without end")
        );
    }
    let approx = if o.beyond.is_some() || o.trials.is_some() { "≈" } else { "" };
    let _ = writeln!(out, "  mean {approx}{}, standard deviation {approx}{}", short(o.mean), short(o.sd));
}

/// A number to four significant decimals, without trailing zeros.
fn short(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_string() } else { s.to_string() }
}
