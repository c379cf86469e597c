//! `encounter --table FILE`: the table rolled before the six steps (its roll shown as a step of
//! its own), and the encounter's `--odds` as a mixture: the encounter's odds with each creature
//! and number the table can bring, weighted by the chance that the table brings it.

use super::odds::{report, table_odds};
use super::{Entry, TableFile, roll, text};
use crate::emit::{Before, Runner};
use crate::error::{Error, Result};
use crate::odds::{Odds, OddsEntry, OddsPart};
use crate::prob::Prob;
use crate::render::Palette;
use std::collections::HashMap;

/// Most different casts the odds of an encounter with a table are worked out for.
pub const MAX_CASTS: usize = 2000;

/// Most combatants of all those casts together: the work of each cast's odds grows with its
/// size, and a number appearing of 1d1000 would be a thousand casts of up to a thousand.
pub const MAX_CAST_MEMBERS: u64 = 50_000;

/// The dice stream an encounter's table rolls from: apart from the rules' own, so that the
/// encounter rolls exactly as it would with the same creatures given by hand.
const TABLE_STREAM: u64 = 0x7461_626c_6573; // "tables"

/// A creature as the cast reads it inline today: `Goblin*4:side=monsters,dex=1`.
fn inline(name: &str, count: u32, side: &str, keys: &[String]) -> String {
    let mut spec = name.to_string();
    if count != 1 {
        spec.push_str(&format!("*{count}"));
    }
    spec.push_str(&format!(":side={side}"));
    for key in keys {
        spec.push(',');
        spec.push_str(key);
    }
    spec
}

/// Rolls `file` once for the run and returns the combatant it brings, in the inline form the
/// cast reads, and the step the encounter shows first.
pub fn step(file: &TableFile, seed: u64, p: &Palette) -> Result<(String, Before)> {
    let mut dice = crate::dice::SeededDice::new(seed ^ TABLE_STREAM);
    let rolled = roll::roll_file(file, &mut dice);
    let a = &rolled.appearing;
    let data = serde_json::to_value(&rolled).map_err(|e| Error::data(format!("cannot serialize the result: {e}")))?;
    let mut lines: Vec<String> =
        text::lines(p, &rolled).into_iter().map(|(label, line)| format!("{}: {line}", p.dim(label))).collect();
    let join = if a.count == 1 { "joins" } else { "join" };
    lines.push(format!("→ {} {join} {}", text::counted(p, &a.name, a.count), a.side));
    let quiet = if a.count == 1 { a.name.clone() } else { format!("{}*{}", a.name, a.count) };
    Ok((inline(&a.name, a.count, &a.side, &a.keys), Before { key: "table", data, lines, quiet, odds_note: None }))
}

/// Every combatant the table can bring (inline), with its chance: each creature row reached,
/// times each number appearing.
fn casts(file: &TableFile) -> Result<Vec<(String, Prob, u32)>> {
    let o = table_odds(file);
    let mut out: Vec<(String, Prob, u32)> = Vec::new();
    for (t, table) in file.tables.iter().enumerate() {
        for (row, p) in table.rows.iter().zip(&o.rows[t]) {
            let Entry::Creature(c) = &row.entry else { continue };
            let p = o.reach[t].mul(p);
            if p.is_zero() {
                continue;
            }
            let numbers = crate::dice::expr::odds::exact(&c.number, &mut crate::dice::expr::odds::Fuel::new())
                .map_err(|_| Error::data("the number appearing cannot be worked out"))?;
            for (n, w) in &numbers.outcomes {
                let side = c.side.as_deref().unwrap_or(super::SIDE);
                let spec = inline(&c.name, *n as u32, side, &c.keys);
                let q = p.mul(&Prob::ratio(w, &numbers.den));
                match out.iter_mut().find(|(s, ..)| *s == spec) {
                    Some((_, sum, _)) => *sum = sum.add(&q),
                    None => out.push((spec, q, *n as u32)),
                }
            }
        }
    }
    // Checked before any encounter is worked out.
    let members: u64 = out.iter().map(|(_, _, n)| u64::from(*n)).sum();
    if members > MAX_CAST_MEMBERS && out.len() > 1 {
        return Err(Error::usage(format!(
            "--odds of an encounter with this table would work out {} different encounters of {members} combatants in all; fray does up to {MAX_CAST_MEMBERS}",
            out.len()
        ))
        .hint("ask the table's odds with fray table --odds FILE, or give the creatures by hand"));
    }
    if out.len() > MAX_CASTS {
        return Err(Error::usage(format!(
            "--odds of an encounter with this table would work out {} different encounters; fray does up to {MAX_CASTS}",
            out.len()
        ))
        .hint("ask the table's odds with fray table --odds FILE, or give the creatures by hand"));
    }
    Ok(out)
}

/// The odds of the encounter with what the table brings: the table's own parts first, then
/// each part of the encounter's odds, mixed over the casts. `odds_with` gives the encounter's
/// odds with one more combatant.
pub fn odds(
    file: &TableFile,
    runner: &mut Runner,
    mut odds_with: impl FnMut(&str, &mut Runner) -> Result<Odds>,
) -> Result<()> {
    let mut mixed = report(file);
    for part in &mut mixed.parts {
        part.title = format!("table: {}", part.title);
    }
    // Each encounter part, by name, with its entries keyed by their outcome; found through
    // maps, so that a thousand casts of a thousand combatants each mix in linear time.
    // With each part, the chance of the casts that have it: a creature only some rows bring
    // is a part of those casts alone, and its odds are given when the table brings it.
    let mut parts: Vec<(String, String, Vec<OddsEntry>, Prob)> = Vec::new();
    let mut part_at: HashMap<String, usize> = HashMap::new();
    let mut entry_at: Vec<HashMap<(String, String), usize>> = Vec::new();
    runner.capture_odds();
    for (spec, p, _) in casts(file)? {
        let odds = odds_with(&spec, runner)?;
        if odds.trials.is_some() {
            mixed.trials = mixed.trials.max(odds.trials);
            mixed.seed = odds.seed;
        }
        for note in &odds.notes {
            if !mixed.notes.contains(note) {
                mixed.notes.push(note.clone());
            }
        }
        for part in &odds.parts {
            let name = part.part.clone().unwrap_or_else(|| "encounter".to_string());
            let i = *part_at.entry(name.clone()).or_insert_with(|| {
                parts.push((name.clone(), part.title.clone(), Vec::new(), Prob::zero()));
                entry_at.push(HashMap::new());
                parts.len() - 1
            });
            parts[i].3 = parts[i].3.add(&p);
            for entry in odds.entries_of(part) {
                let weighted = p.mul(&entry.prob);
                let entries = &mut parts[i].2;
                let key = (entry.outcome_text(), entry.label.clone());
                match entry_at[i].get(&key) {
                    Some(&k) => entries[k].prob = entries[k].prob.add(&weighted),
                    None => {
                        entry_at[i].insert(key, entries.len());
                        entries.push(OddsEntry {
                            part: Some(name.clone()),
                            outcome: entry.outcome.clone(),
                            label: entry.label.clone(),
                            prob: weighted,
                        });
                    }
                }
            }
        }
    }
    for (name, mut title, mut entries, mass) in parts {
        if mass != Prob::one() {
            for entry in &mut entries {
                entry.prob = entry.prob.div(&mass);
            }
            title = format!("{title}, when the table brings it ({mass} of the time)");
            mixed.note(format!("'{name}' is given for the encounters in which the table brings it ({mass} of them)"));
        }
        let start = mixed.entries.len();
        mixed.entries.extend(entries);
        mixed.parts.push(OddsPart { part: Some(name), title, entries: start..mixed.entries.len() });
    }
    runner.write_odds_of(&mixed)
}
