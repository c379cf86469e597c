//! Text for `--odds`: every outcome with its fraction, percentage and a small bar.

use super::{Palette, pad, width};
use crate::odds::Odds;
use std::fmt::Write as _;

/// Characters a 100% bar spans.
const BAR_WIDTH: usize = 24;
const EIGHTHS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/// A bar of `p` × [`BAR_WIDTH`] cells, in eighths of a cell.
fn bar(p: f64) -> String {
    let eighths = (p.clamp(0.0, 1.0) * (BAR_WIDTH * 8) as f64).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    s.push_str(EIGHTHS[eighths % 8]);
    if s.is_empty() && p > 0.0 {
        s.push('▏');
    }
    s
}

/// `44.44%`; tiny but possible outcomes are never shown as 0.
fn percent(p: f64) -> String {
    let pct = p * 100.0;
    if pct > 0.0 && pct < 0.005 { "<0.01%".to_string() } else { format!("{pct:.2}%") }
}

pub fn text(odds: &Odds, p: &Palette, out: &mut String) {
    if let Some(trials) = odds.trials {
        let seed = odds.seed.unwrap_or(0);
        let _ = writeln!(
            out,
            "  {}",
            p.warn(format_args!(
                "estimated from {trials} seeded runs (seed {seed}): too many outcomes to list exactly"
            ))
        );
    }
    let label_width = width(odds.entries.iter().map(|e| e.label.as_str()));
    // Fractions are ASCII digits and a slash: their length is their width.
    let fraction_width = odds.entries.iter().map(|e| e.prob.to_string().len()).max().unwrap_or(0);
    let several = odds.parts.len() > 1;
    for part in &odds.parts {
        let indent = if several {
            let _ = writeln!(out, "  {}", p.paint(p.title, &part.title));
            "    "
        } else {
            "  "
        };
        for entry in odds.entries_of(part) {
            let prob = entry.prob.to_f64();
            out.push_str(indent);
            pad(out, &entry.label, label_width);
            out.push_str("  ");
            if odds.exact() {
                let fraction = entry.prob.to_string();
                let _ = write!(out, "{:>w$}", p.total(&fraction), w = fraction_width);
                let _ = write!(out, "  {:>7}", percent(prob));
            } else {
                let margin = odds.margin(prob).unwrap_or(0.0) * 100.0;
                let _ = write!(out, "≈{:>7} ±{margin:.2}%", percent(prob));
            }
            let _ = writeln!(out, "  {}", p.paint(p.bar, bar(prob)));
        }
    }
    for note in &odds.notes {
        let _ = writeln!(out, "  {} {note}", p.dim("note:"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_and_percents() {
        assert_eq!(bar(1.0).chars().count(), BAR_WIDTH);
        assert_eq!(bar(0.5), "█".repeat(12));
        assert_eq!(bar(1.0 / 48.0), "▌");
        assert_eq!(bar(1e-9), "▏");
        assert_eq!(bar(0.0), "");
        assert_eq!(percent(4.0 / 9.0), "44.44%");
        assert_eq!(percent(1e-7), "<0.01%");
    }

    /// A cast of thousands gives one heading per part, each followed by its own outcomes only,
    /// in order (text is written in one pass over the entries).
    #[test]
    fn many_parts_each_list_their_own_outcomes() {
        use crate::odds::{Dist, Method};
        use crate::prob::Prob;
        let parts = 5000;
        let mut odds = Odds::default();
        let method = Method { trials: None, seed: 0 };
        for i in 0..parts {
            let dist = Dist::from_pairs((0..=i % 3).map(|k| (k, Prob::new(1, i as u128 % 3 + 1))));
            odds.push(Some(&format!("C{i}")), format!("C{i}: acts from turn"), &dist, method, |k| {
                (serde_json::json!(k), format!("C{i} turn {k}"))
            });
        }
        // Two parts may share a name; each still lists only what was pushed with it.
        let twice = Dist::point(9);
        odds.push(Some("C0"), "C0 again", &twice, method, |k| (serde_json::json!(k), format!("C0 again {k}")));
        let mut out = String::new();
        text(&odds, &Palette::new(false), &mut out);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), odds.parts.len() + odds.entries.len());
        let mut at = 0;
        for i in 0..parts {
            assert_eq!(lines[at], format!("  C{i}: acts from turn"));
            at += 1;
            for k in 0..=i % 3 {
                assert!(lines[at].starts_with(&format!("    C{i} turn {k} ")), "{}", lines[at]);
                at += 1;
            }
        }
        assert_eq!(lines[at..], ["  C0 again", "    C0 again 9      1  100.00%  ████████████████████████"]);
    }
}
