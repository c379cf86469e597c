//! Text for `--odds`: every outcome with its fraction, percentage and a small bar.

use super::{Palette, pad, width};
use crate::odds::Odds;
use std::fmt::Write as _;

/// Characters a 100% bar spans.
const BAR_WIDTH: usize = 24;
const EIGHTHS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/// A bar of `p` × [`BAR_WIDTH`] cells, in eighths of a cell.
pub(crate) fn bar(p: f64) -> String {
    let eighths = (p.clamp(0.0, 1.0) * (BAR_WIDTH * 8) as f64).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    s.push_str(EIGHTHS[eighths % 8]);
    if s.is_empty() && p > 0.0 {
        s.push('▏');
    }
    s
}

/// The widest a line of odds text is meant to be.
const LINE_WIDTH: usize = 100;
/// The columns of a line besides its indent, label, fraction and bar: the gaps and the
/// percentage.
const OTHER_COLUMNS: usize = 2 + 2 + 7 + 2;

/// A fraction as shown: exact when it fits in `room` columns, else `≈1/N`, N being 1 over the
/// probability to three significant figures (the exact fraction stays in YAML and JSON).
pub(crate) fn fraction_text(exact: &str, room: usize) -> String {
    if exact.len() <= room {
        return exact.to_string();
    }
    one_in(exact).map_or_else(|| exact.to_string(), |n| format!("≈1/{n}"))
}

/// N of "1 in N" for a fraction written `NUM/DEN`, to three significant figures: `1.36`,
/// `136`, `13600`, then `1.36e5`. Worked out from the digits, so that a fraction beyond the
/// range of an `f64` gets one too.
fn one_in(fraction: &str) -> Option<String> {
    let (num, den) = fraction.split_once('/')?;
    let log = log10(den)? - log10(num)?;
    let mut exponent = log.floor();
    let mut mantissa = (10f64.powf(log - exponent) * 100.0).round() / 100.0;
    if mantissa >= 10.0 {
        mantissa /= 10.0;
        exponent += 1.0;
    }
    Some(if exponent < 5.0 {
        let decimals = (2.0 - exponent).max(0.0) as usize;
        format!("{:.decimals$}", mantissa * 10f64.powf(exponent))
    } else {
        format!("{mantissa:.2}e{exponent}")
    })
}

/// The base-10 logarithm of a whole number written in decimal digits; `None` for 0.
fn log10(digits: &str) -> Option<f64> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let lead = digits.len().min(15);
    let value: f64 = digits[..lead].parse().ok()?;
    (value > 0.0).then(|| value.log10() + (digits.len() - lead) as f64)
}

/// `44.44%`; tiny but possible outcomes are never shown as 0.
pub(crate) fn percent(p: f64) -> String {
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
    let several = odds.parts.len() > 1;
    let indent = if several { "    " } else { "  " };
    // Fractions too long for the line with the longest bar drawn are shortened.
    let longest_bar = odds.entries.iter().map(|e| bar(e.prob.to_f64()).chars().count()).max().unwrap_or(0);
    let room = LINE_WIDTH.saturating_sub(indent.len() + label_width + OTHER_COLUMNS + longest_bar);
    let fraction_width =
        odds.entries.iter().map(|e| fraction_text(&e.prob.to_string(), room).chars().count()).max().unwrap_or(0);
    for part in &odds.parts {
        if several {
            let _ = writeln!(out, "  {}", p.paint(p.title, &part.title));
        }
        for entry in odds.entries_of(part) {
            let prob = entry.prob.to_f64();
            out.push_str(indent);
            pad(out, &entry.label, label_width);
            out.push_str("  ");
            if odds.exact() {
                let fraction = fraction_text(&entry.prob.to_string(), room);
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

    #[test]
    fn long_fractions_are_shortened_to_one_in_n() {
        assert_eq!(fraction_text("53/1889568", 10), "53/1889568");
        assert_eq!(fraction_text("53/1889568", 9), "≈1/35700");
        assert_eq!(fraction_text("53/102036672", 5), "≈1/1.93e6");
        assert_eq!(fraction_text("3/4", 2), "≈1/1.33");
        assert_eq!(fraction_text("1/9", 2), "≈1/9.00");
        assert_eq!(fraction_text("10/999", 2), "≈1/99.9");
        assert_eq!(fraction_text("1/9996", 2), "≈1/10000");
        assert_eq!(fraction_text("1/99960", 2), "≈1/1.00e5");
        // Beyond the range of an f64.
        let tiny = format!("7/3{}", "0".repeat(400));
        assert_eq!(fraction_text(&tiny, 10), "≈1/4.29e399");
        let near_one = format!("{}/{}", "9".repeat(60), format_args!("1{}", "0".repeat(60)));
        assert_eq!(fraction_text(&near_one, 10), "≈1/1.00");
    }
}
