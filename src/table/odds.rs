//! The exact odds of a table file, from the dice engine's exact distributions: each row's
//! chance within its table (a table pointed at is reached with the chance of the rows that
//! point at it, so nested tables multiply), each creature's chance in all, and the number
//! appearing of each creature (a mixture over the rows that bring it).

use super::{Entry, TableFile};
use crate::dice::expr::odds::{Fuel, exact};
use crate::odds::{Dist, Method, Odds};
use crate::prob::Prob;
use serde::Serialize;

/// The odds of a file, as numbers.
#[derive(Clone, Debug)]
pub struct TableOdds {
    /// For each table: the chance it is rolled at all, and each row's chance when it is.
    pub reach: Vec<Prob>,
    pub rows: Vec<Vec<Prob>>,
    /// Each creature (in the order the file first names it): its chance, and the chance of
    /// each number appearing when it appears.
    pub creatures: Vec<(String, Prob, Dist<i64>)>,
}

/// Works out the odds of rolling `file` from its first table.
pub fn table_odds(file: &TableFile) -> TableOdds {
    let rows: Vec<Vec<Prob>> = file
        .tables
        .iter()
        .map(|t| {
            t.rows
                .iter()
                .map(|r| {
                    let ways = t.results.iter().filter(|(v, _)| (r.low..=r.high).contains(v)).map(|(_, w)| w).sum();
                    Prob::ratio(&ways, &t.den)
                })
                .collect()
        })
        .collect();
    // Tables in an order where each comes after every table pointing at it (the file has no cycle).
    let order = topological(file);
    let mut reach = vec![Prob::zero(); file.tables.len()];
    reach[0] = Prob::one();
    // For each creature name: its chance and its number's mixture, as (number, chance) pairs.
    type Mixture = Vec<(i64, Prob)>;
    let mut creatures: Vec<(String, Prob, Mixture)> = Vec::new();
    for &t in &order {
        if reach[t].is_zero() {
            continue;
        }
        for (row, p) in file.tables[t].rows.iter().zip(&rows[t]) {
            let p = reach[t].mul(p);
            match &row.entry {
                Entry::Table(next) => reach[*next] = reach[*next].add(&p),
                Entry::Creature(c) => {
                    let i = match creatures.iter().position(|(n, ..)| *n == c.name) {
                        Some(i) => i,
                        None => {
                            creatures.push((c.name.clone(), Prob::zero(), Vec::new()));
                            creatures.len() - 1
                        }
                    };
                    creatures[i].1 = creatures[i].1.add(&p);
                    // checked when the file was read: the number has an exact, finite distribution.
                    if let Ok(e) = exact(&c.number, &mut Fuel::new()) {
                        for (n, w) in &e.outcomes {
                            creatures[i].2.push((*n, p.mul(&Prob::ratio(w, &e.den))));
                        }
                    }
                }
            }
        }
    }
    // In the order the file first names them.
    let named: Vec<&str> = file
        .tables
        .iter()
        .flat_map(|t| &t.rows)
        .filter_map(|r| match &r.entry {
            Entry::Creature(c) => Some(c.name.as_str()),
            Entry::Table(_) => None,
        })
        .collect();
    creatures.sort_by_key(|(name, ..)| named.iter().position(|n| n == name));
    let creatures = creatures
        .into_iter()
        .map(|(name, p, mix)| {
            let given = Dist::from_pairs(mix.into_iter().map(|(n, q)| (n, q.div(&p))));
            (name, p, given)
        })
        .collect();
    TableOdds { reach, rows, creatures }
}

/// The tables in an order where every table comes after those that point at it.
fn topological(file: &TableFile) -> Vec<usize> {
    let n = file.tables.len();
    let mut pointed = vec![0usize; n];
    for t in &file.tables {
        for r in &t.rows {
            if let Entry::Table(next) = r.entry {
                pointed[next] += 1;
            }
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&t| pointed[t] == 0).rev().collect();
    let mut order = Vec::with_capacity(n);
    while let Some(t) = ready.pop() {
        order.push(t);
        for r in &file.tables[t].rows {
            if let Entry::Table(next) = r.entry {
                pointed[next] -= 1;
                if pointed[next] == 0 {
                    ready.push(next);
                }
            }
        }
    }
    order
}

/// A row of a table as its odds give it: the creatures it brings, or the table it sends to
/// (keys in alphabetical order, as the odds have always written them).
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
enum RowOutcome {
    Creature { name: String, number: String, row: String },
    Table { row: String, table: String },
}

/// The odds as `--odds` reports them: a part per table reached (its rows, when it is rolled),
/// one for the creatures, and one per creature for its number appearing.
pub fn report(file: &TableFile) -> Odds {
    let o = table_odds(file);
    let mut odds = Odds::default();
    let exact = Method { trials: None, seed: 0 };
    for (t, table) in file.tables.iter().enumerate() {
        if o.reach[t].is_zero() {
            if t > 0 {
                odds.note(format!("table '{}' is never reached from '{}'", table.name, file.tables[0].name));
            }
            continue;
        }
        let title = if t == 0 {
            format!("{} ({}): each row", table.name, table.die_text)
        } else {
            format!("{} ({}): each row, when rolled ({} of the time)", table.name, table.die_text, o.reach[t])
        };
        let dist = Dist::from_pairs(o.rows[t].iter().cloned().enumerate());
        odds.push(Some(&format!("table {}", table.name)), title, &dist, exact, |&i| {
            let row = &table.rows[i];
            match &row.entry {
                Entry::Creature(c) => (
                    RowOutcome::Creature { name: c.name.clone(), number: c.number_text.clone(), row: row.range() },
                    format!("{:>5}  {} ×{}", row.range(), c.name, c.number_text),
                ),
                Entry::Table(next) => {
                    let next = &file.tables[*next].name;
                    (
                        RowOutcome::Table { row: row.range(), table: next.clone() },
                        format!("{:>5}  → {next}", row.range()),
                    )
                }
            }
        });
    }
    let creatures = Dist::from_pairs(o.creatures.iter().enumerate().map(|(i, (_, p, _))| (i, p.clone())));
    odds.push_shown(Some("creature"), "what appears", &creatures, exact, |&i| o.creatures[i].0.clone());
    for (name, _, numbers) in &o.creatures {
        odds.push_shown(
            Some(&format!("number {name}")),
            format!("how many {name}, when they appear"),
            numbers,
            exact,
            |&n| n,
        );
    }
    odds
}
