//! Text for `fray roll`: every die and what became of it, and the odds table.

use super::versus::Verdict;
use crate::dice::expr::roll::{Rolled, die_text};
use crate::render::Palette;
use crate::render::odds::{bar, fraction_text, percent};
use std::fmt::Write as _;

/// One roll as the text shows it: its name (the words as typed), its label, each
/// repetition rolled and, against a number, how each met it.
pub struct Shown<'a> {
    pub name: &'a str,
    pub label: Option<&'a str>,
    pub rolls: &'a [Rolled],
    pub verdicts: &'a [Verdict],
    /// `NxEXPR`: the repetitions are numbered and summed up.
    pub repeated: bool,
}

/// The block of one run: a line per expression (per repetition), its dice wrapped under one
/// another.
pub fn rolls(shown: &[Shown], p: &Palette, out: &mut String) {
    let named = |s: &Shown| s.name.chars().count() + s.label.map_or(0, |l| l.chars().count() + 1);
    let width = shown.iter().map(named).max().unwrap_or(0).min(24);
    for s in shown {
        let mut line = String::from("  ");
        let _ = write!(line, "{}", p.name(s.name));
        if let Some(label) = s.label {
            let _ = write!(line, " {}", p.dim(label));
        }
        let pad = width.saturating_sub(named(s));
        line.push_str(&" ".repeat(pad + 2));
        let indent = 2 + named(s).max(width) + 2;
        let number_width = if s.repeated { s.rolls.len().to_string().len() + 2 } else { 0 };
        for (k, r) in s.rolls.iter().enumerate() {
            if k > 0 {
                line.push('\n');
                line.push_str(&" ".repeat(indent));
            }
            let mut wrap = Wrap { line: &mut line, column: indent, indent, width: p.width, first: true };
            if s.repeated {
                let number = format!("#{}", k + 1);
                let number = format!("{number:<w$}", w = number_width - 1);
                wrap.push(&number, &p.dim(&number).to_string());
            }
            dice_pieces(r, p, &mut wrap);
            let mut pieces = Vec::new();
            let what = if r.bare && r.terms.first().is_some_and(|t| t.success.is_some()) {
                let reading = r.terms[0].success.map(|c| c.reading()).unwrap_or_default();
                let count = if r.total == 1 { "1 success".to_string() } else { format!("{} successes", r.total) };
                format!("{count} ({reading})")
            } else {
                r.total.to_string()
            };
            pieces.push((format!("= {what}"), format!("= {}", p.total(&what))));
            if !r.parts.is_empty() {
                let parts: Vec<String> = r.parts.iter().map(|part| format!("{} {}", part.label, part.total)).collect();
                let text = format!("({})", parts.join(", "));
                pieces.push((text.clone(), p.dim(text).to_string()));
            }
            if let Some(v) = s.verdicts.get(k) {
                let words = format!("· {}", v.words());
                let painted = if v.met() { p.good(&words).to_string() } else { p.bad(&words).to_string() };
                pieces.push((words, painted));
            }
            for (plain, painted) in &pieces {
                wrap.push(plain, painted);
            }
        }
        if s.repeated {
            line.push('\n');
            line.push_str(&" ".repeat(indent));
            let totals: Vec<i64> = s.rolls.iter().map(|r| r.total).collect();
            let pieces = if s.verdicts.is_empty() {
                let mut sorted = totals.clone();
                sorted.sort_unstable_by(|a, b| b.cmp(a));
                let sum: i64 = totals.iter().sum();
                let mut pieces = vec![
                    (format!("sum {sum}"), format!("sum {}", p.total(sum))),
                    ("·".to_string(), p.dim("·").to_string()),
                ];
                pieces.push(("highest first:".to_string(), p.dim("highest first:").to_string()));
                pieces.extend(sorted.iter().map(|t| (t.to_string(), t.to_string())));
                pieces
            } else {
                let met = s.verdicts.iter().filter(|v| v.met()).count();
                let verb = if matches!(s.verdicts[0], Verdict::Success { .. }) { "succeed" } else { "hit" };
                let text = format!("{met} of {} {verb}", s.verdicts.len());
                vec![(text.clone(), p.total(text).to_string())]
            };
            let mut wrap = Wrap { line: &mut line, column: indent, indent, width: p.width, first: true };
            for (plain, painted) in &pieces {
                wrap.push(plain, painted);
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
}

/// Each die of `r` onto `wrap`, a term's dice bracketed where there are several terms, a
/// group's items after its dice; written as they come, so that a million dice take no text
/// each but their place in the line.
fn dice_pieces(r: &Rolled, p: &Palette, wrap: &mut Wrap) {
    let bracket = r.terms.len() != 1 || !r.bare;
    let mut plain = String::new();
    for term in &r.terms {
        let dice = &r.dice[term.dice.clone()];
        for (i, die) in dice.iter().enumerate() {
            let text = die_text(die);
            let (open, close) =
                (if bracket && i == 0 { "[" } else { "" }, if bracket && i + 1 == dice.len() { "]" } else { "" });
            plain.clear();
            plain.push_str(open);
            plain.push_str(&text);
            plain.push_str(close);
            let painted = if die.rerolled || !die.kept {
                p.dim(&text).to_string()
            } else if die.success == Some(true) {
                p.good(&text).to_string()
            } else if die.failure == Some(true) {
                p.bad(&text).to_string()
            } else {
                p.paint(p.die, &text).to_string()
            };
            wrap.push(&plain, &format!("{open}{painted}{close}"));
        }
    }
    for group in &r.groups {
        let items: Vec<(String, bool)> = group
            .items
            .iter()
            .map(|i| if i.kept { (i.total.to_string(), true) } else { (format!("({})", i.total), false) })
            .collect();
        let plain = format!("{{{}}}", items.iter().map(|i| i.0.as_str()).collect::<Vec<_>>().join(" "));
        let painted = format!(
            "{{{}}}",
            items
                .iter()
                .map(|(t, kept)| if *kept { p.total(t).to_string() } else { p.dim(t).to_string() })
                .collect::<Vec<_>>()
                .join(" ")
        );
        wrap.push(&plain, &painted);
    }
}

/// A line being filled with pieces one space apart, wrapped under `indent` past `width`.
struct Wrap<'a> {
    line: &'a mut String,
    column: usize,
    indent: usize,
    width: usize,
    first: bool,
}

impl Wrap<'_> {
    /// Appends `painted`, which shows as `plain`.
    fn push(&mut self, plain: &str, painted: &str) {
        let w = plain.chars().count();
        if !self.first {
            if self.column + 1 + w > self.width {
                self.line.push('\n');
                self.line.push_str(&" ".repeat(self.indent));
                self.column = self.indent;
            } else {
                self.line.push(' ');
                self.column += 1;
            }
        }
        self.first = false;
        self.line.push_str(painted);
        self.column += w;
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

/// Calls its argument on each row, in ascending total.
pub type EachRow<'a> = &'a dyn Fn(&mut dyn FnMut(&Row));

pub struct OddsText<'a> {
    /// The rows, walked twice: once to size the columns.
    pub rows: EachRow<'a>,
    /// The first and the last row's total.
    pub span: Option<(i64, i64)>,
    pub mean: f64,
    pub sd: f64,
    /// The fraction and chance past the listed outcomes, and how deep the dice were followed.
    pub beyond: Option<(String, f64)>,
    pub trials: Option<(u64, u64)>,
}

/// The odds table, written into `out`, which `flush` empties now and then: a million totals
/// are never held as text at once.
pub fn odds(
    o: &OddsText,
    p: &Palette,
    out: &mut String,
    flush: &mut dyn FnMut(&mut String) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if let Some((trials, seed)) = o.trials {
        let _ = writeln!(
            out,
            "  {}",
            p.warn(format_args!("estimated from {trials} seeded rolls (seed {seed}): not worked out exactly"))
        );
    }
    // The rows ascend: the widest total stands at one end or the other.
    let last = o.span.map(|s| s.1);
    let value_width = o.span.map_or(1, |(a, b)| a.to_string().len().max(b.to_string().len())).max(5);
    // The bar takes what the line leaves, up to 24 cells; a long fraction is shortened to fit.
    let cells = p.width.saturating_sub(2 + value_width + 2 + 8 + 2 + 7 + 2 + 8 + 2).clamp(4, 24);
    let room = p.width.saturating_sub(2 + value_width + 2 + 2 + 7 + 2 + 8 + 2 + cells);
    let shortened = |r: &Row| r.fraction.as_deref().map(|f| fraction_text(f, room)).unwrap_or_default();
    let mut fraction_width = 8;
    (o.rows)(&mut |r| fraction_width = fraction_width.max(shortened(r).chars().count()));
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
    let mut failed = None;
    (o.rows)(&mut |row| {
        let _ = write!(out, "  {:>value_width$}  ", row.outcome);
        match row.margin {
            None => {
                let _ = write!(out, "{:>fraction_width$}  {:>7}", p.total(shortened(row)), percent(row.probability));
            }
            Some(m) => {
                let _ = write!(out, "≈{:>7} ±{:<6}", percent(row.probability), format!("{:.2}%", m * 100.0));
            }
        }
        let _ = writeln!(out, "  {:>8}  {}", percent(row.at_least), p.paint(p.bar, bar(row.probability, cells)));
        if out.len() >= 1 << 16 && failed.is_none() {
            failed = flush(out).err();
        }
    });
    if let Some(err) = failed {
        return Err(err);
    }
    if let Some((fraction, chance)) = &o.beyond {
        let shown = fraction_text(fraction, room);
        let columns = format!(
            "  {:>value_width$}  {:>fraction_width$}  {:>7}",
            format!(">{}", last.unwrap_or(0)),
            p.warn(&shown),
            percent(*chance),
        );
        const WHY: &str = "not listed: the dice can explode without end";
        // The words go under the fraction where beside the columns they would pass the width.
        if crate::render::width_of(&columns) + 2 + WHY.len() <= p.width {
            let _ = writeln!(out, "{columns}  {}", p.dim(WHY));
        } else {
            let _ = writeln!(out, "{columns}\n{:indent$}{}", "", p.dim(WHY), indent = 4 + value_width);
        }
    }
    let approx = if o.beyond.is_some() || o.trials.is_some() { "≈" } else { "" };
    let _ = writeln!(out, "  mean {approx}{}, standard deviation {approx}{}", short(o.mean), short(o.sd));
    Ok(())
}

/// A number to four significant decimals, without trailing zeros.
fn short(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_string() } else { s.to_string() }
}

/// The odds of a roll against a number: each part (each roll's result, its margin, how many
/// hit) as a list of outcomes with their fraction, chance and bar.
pub fn test_odds(parts: &[super::versus::OddsPart], p: &Palette, out: &mut String) {
    for part in parts {
        let _ = writeln!(out, "  {}", p.dim(part.part));
        let name_width = part.entries.iter().map(|e| e.1.chars().count()).max().unwrap_or(0);
        let fractions: Vec<String> = part.entries.iter().map(|e| fraction_text(&e.2.to_string(), 24)).collect();
        let fraction_width = fractions.iter().map(|f| f.chars().count()).max().unwrap_or(0);
        for ((outcome, label, prob), fraction) in part.entries.iter().zip(&fractions) {
            // Numbers stand right-aligned, words left.
            let label = if outcome.is_number() && label.parse::<i64>().is_ok() {
                format!("{label:>name_width$}")
            } else {
                format!("{label:<name_width$}")
            };
            let _ = writeln!(
                out,
                "    {label}  {:>fraction_width$}  {:>7}  {}",
                p.total(fraction),
                percent(prob.to_f64()),
                p.paint(p.bar, bar(prob.to_f64(), 16))
            );
        }
    }
}
