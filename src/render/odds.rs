//! Text for `--odds`: every outcome with its fraction, percentage and a small bar.

use super::{Palette, pad, width, wrap};
use crate::odds::Odds;
use std::fmt::Write as _;

/// Characters a 100% bar spans.
const BAR_WIDTH: usize = 24;
const EIGHTHS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/// A bar of `p` × `cells` cells, in eighths of a cell.
pub(crate) fn bar(p: f64, cells: usize) -> String {
    let eighths = (p.clamp(0.0, 1.0) * (cells * 8) as f64).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    s.push_str(EIGHTHS[eighths % 8]);
    if s.is_empty() && p > 0.0 {
        s.push('▏');
    }
    s
}

/// The columns of a line besides its indent, label, fraction and bar: the gaps and the
/// percentage.
const OTHER_COLUMNS: usize = 2 + 2 + 7 + 2;

/// The columns of the longest shortened fraction, `≈1/1.23e45`.
const SHORT_FRACTION: usize = 10;

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
    let mut mantissa = (libm::pow(10.0, log - exponent) * 100.0).round() / 100.0;
    if mantissa >= 10.0 {
        mantissa /= 10.0;
        exponent += 1.0;
    }
    Some(if exponent < 5.0 {
        let decimals = (2.0 - exponent).max(0.0) as usize;
        format!("{:.decimals$}", mantissa * libm::pow(10.0, exponent))
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
    (value > 0.0).then(|| libm::log10(value) + (digits.len() - lead) as f64)
}

/// `44.44%`; tiny but possible outcomes are never shown as 0.
pub(crate) fn percent(p: f64) -> String {
    let pct = p * 100.0;
    if pct > 0.0 && pct < 0.005 { "<0.01%".to_string() } else { format!("{pct:.2}%") }
}

pub fn text(odds: &Odds, p: &Palette, out: &mut String) {
    if let Some(trials) = odds.trials {
        let seed = odds.seed.unwrap_or(0);
        let estimated = format!("estimated from {trials} seeded runs (seed {seed}): too many outcomes to list exactly");
        p.line(out, "  ", &p.warn(estimated).to_string());
    }
    let several = odds.parts.len() > 1;
    let indent = if several { "    " } else { "  " };
    let longest_bar = odds.entries.iter().map(|e| bar(e.prob.to_f64(), BAR_WIDTH).chars().count()).max().unwrap_or(0);
    // The numbers and the longest bar keep their columns; a label too long for the rest of the
    // line stands on lines of its own above its numbers.
    let fixed = indent.len() + OTHER_COLUMNS + longest_bar;
    let label_room = p.width.saturating_sub(fixed + SHORT_FRACTION).max(wrap::MIN_WIDTH / 2);
    let label_width = width(odds.entries.iter().map(|e| e.label.as_str()).filter(|l| super::width_of(l) <= label_room));
    // Fractions too long for the line with the longest bar drawn are shortened.
    let room = p.width.saturating_sub(fixed + label_width);
    let fraction_width =
        odds.entries.iter().map(|e| fraction_text(&e.prob.to_string(), room).chars().count()).max().unwrap_or(0);
    // The numbers' columns: the fraction and the percentage, or the estimate and its margin.
    let numbers = if odds.exact() { fraction_width + 2 + 7 } else { 1 + 7 + 2 + 6 };
    let before_bar = indent.len() + label_width + 2 + numbers + 2;
    // A full bar is BAR_WIDTH cells, fewer when the line has no room for the longest one.
    let cells = if before_bar + longest_bar <= p.width { BAR_WIDTH } else { p.width.saturating_sub(before_bar).max(1) };
    let mut row = String::new();
    for part in &odds.parts {
        if several {
            p.line(out, "  ", &p.paint(p.title, &part.title).to_string());
        }
        for entry in odds.entries_of(part) {
            let prob = entry.prob.to_f64();
            row.clear();
            if super::width_of(&entry.label) > label_width {
                p.line(out, indent, &entry.label);
                pad(&mut row, "", label_width);
            } else {
                pad(&mut row, &entry.label, label_width);
            }
            row.push_str("  ");
            if odds.exact() {
                let fraction = fraction_text(&entry.prob.to_string(), room);
                let _ = write!(row, "{:>w$}", p.total(&fraction), w = fraction_width);
                let _ = write!(row, "  {:>7}", percent(prob));
            } else {
                let margin = odds.margin(prob).unwrap_or(0.0) * 100.0;
                let _ = write!(row, "≈{:>7} ±{margin:.2}%", percent(prob));
            }
            let _ = write!(row, "  {}", p.paint(p.bar, bar(prob, cells)));
            // Only a width too narrow for any bar breaks the row.
            p.line(out, indent, &row);
        }
    }
    for note in &odds.notes {
        p.line(out, "  ", &format!("{} {note}", p.dim("note:")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_and_percents() {
        assert_eq!(bar(1.0, BAR_WIDTH).chars().count(), BAR_WIDTH);
        assert_eq!(bar(0.5, BAR_WIDTH), "█".repeat(12));
        assert_eq!(bar(1.0 / 48.0, BAR_WIDTH), "▌");
        assert_eq!(bar(1e-9, BAR_WIDTH), "▏");
        assert_eq!(bar(0.0, BAR_WIDTH), "");
        assert_eq!(bar(0.5, 10), "█".repeat(5));
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
                (*k, format!("C{i} turn {k}"))
            });
        }
        // Two parts may share a name; each still lists only what was pushed with it.
        let twice = Dist::point(9);
        odds.push(Some("C0"), "C0 again", &twice, method, |&k| (k, format!("C0 again {k}")));
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
