//! Ranking with ties, written once for every initiative: entries put in order by a total
//! (higher first), entries level on it by further keys (higher first), and those level on
//! every key settled by a roll-off — a die each, the still tied re-rolling among themselves
//! until every place is settled — or left to act together where a ruleset allows it.
//!
//! How each tie was decided is one record for every ruleset, [`Tie`] with its [`RollOff`]s;
//! `crate::render::ties` writes it as text. The roll-off itself is the [`Dice::roll_off`]
//! primitive, so the enumerating twin in [`crate::odds`] walks every ranking through this code.

pub mod budget;
pub mod full;
pub mod odds;
pub mod round_one;
pub mod sides;
pub mod waits;

use crate::dice::{self, Dice};
use serde::{Serialize, Serializer};
use std::cmp::Reverse;

/// A tie-break key as output names it.
#[derive(Debug, PartialEq, Eq)]
pub struct KeyName {
    /// In YAML and JSON (`dex`).
    pub id: &'static str,
    /// In text: "higher {words} first".
    pub words: &'static str,
}

impl Serialize for KeyName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id)
    }
}

/// A key that breaks ties on the total: the higher value acts first.
#[derive(Clone, Copy)]
pub struct TieKey<'f> {
    pub name: &'static KeyName,
    pub value: &'f dyn Fn(usize) -> i64,
}

/// What becomes of entries still level after every key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settle {
    /// Each rolls one die with this many sides; the still tied re-roll until every place is settled.
    RollOff(u32),
    /// They act at the same time and share a place.
    Simultaneous,
}

/// Entries in acting order, by index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ranking {
    pub order: Vec<usize>,
    /// The 1-based place of each entry of `order`; entries acting simultaneously share one.
    pub places: Vec<usize>,
    /// Every tie on the total, highest total first.
    pub ties: Vec<Tied>,
}

impl Ranking {
    /// The record of every tie, named: `total` gives the (shared) total of an entry.
    pub fn named_ties<'a, T>(&self, total: impl Fn(usize) -> T, name: impl Fn(usize) -> &'a str) -> Vec<Tie<'a, T>> {
        self.ties.iter().map(|t| t.named(total(t.who[0]), &name)).collect()
    }
}

/// Entries level on the total and how they were put in order, by index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tied {
    /// In the order settled.
    pub who: Vec<usize>,
    /// The keys that set some of them apart.
    pub by: Vec<&'static KeyName>,
    /// The roll-offs among those level on every key.
    pub roll_offs: Vec<Drawn>,
}

/// One roll-off: the contenders (by index, in the order given) and the dice they rolled
/// (indices into `who`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub who: Vec<usize>,
    pub draw: dice::RollOff,
}

impl Tied {
    /// The record, with names.
    pub fn named<'a, T>(&self, total: T, name: impl Fn(usize) -> &'a str) -> Tie<'a, T> {
        Tie {
            total,
            names: self.who.iter().map(|&i| name(i)).collect(),
            by: self.by.clone(),
            roll_offs: self
                .roll_offs
                .iter()
                .map(|d| RollOff {
                    sides: d.draw.sides,
                    names: d.who.iter().map(|&i| name(i)).collect(),
                    rerolls: d
                        .draw
                        .rounds
                        .iter()
                        .map(|r| Reroll {
                            names: r.who.iter().map(|&k| name(d.who[k])).collect(),
                            rolls: r.rolls.clone(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// How a tie on one total was decided: the tied in the order settled, the keys that set
/// some of them apart, and the roll-offs among the rest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tie<'a, T> {
    pub total: T,
    /// In the order settled.
    pub names: Vec<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub by: Vec<&'static KeyName>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub roll_offs: Vec<RollOff<'a>>,
}

/// A roll-off among contenders level on the total and every key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RollOff<'a> {
    /// The die each rolls.
    #[serde(skip)]
    pub sides: u32,
    /// The contenders, in the order given.
    pub names: Vec<&'a str>,
    /// Every round rolled: the first by all, then each by a group still tied.
    pub rerolls: Vec<Reroll<'a>>,
}

/// One round of a roll-off: who rolled and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reroll<'a> {
    pub names: Vec<&'a str>,
    pub rolls: Vec<u32>,
}

/// Ranks `who` by `total`, higher first; entries level on it by `keys`, then by `settle`.
/// Entries level on everything keep the order of `who` going into a roll-off.
pub fn rank<K: Ord>(
    who: &[usize],
    total: impl Fn(usize) -> K,
    keys: &[TieKey],
    settle: Settle,
    dice: &mut dyn Dice,
) -> Ranking {
    let mut sorted = who.to_vec();
    // Stable: level entries keep the given order.
    sorted.sort_by_key(|&i| Reverse(total(i)));
    let mut ranking =
        Ranking { order: Vec::with_capacity(who.len()), places: Vec::with_capacity(who.len()), ties: Vec::new() };
    for level in sorted.chunk_by(|&a, &b| total(a) == total(b)) {
        // Alone on its total: its own place, nothing to settle (as `settle` gives it).
        if let [only] = level {
            ranking.places.push(ranking.order.len() + 1);
            ranking.order.push(*only);
            continue;
        }
        let (places, tied) = self::settle(level, keys, settle, dice);
        for place in places {
            let at = ranking.order.len() + 1;
            ranking.places.extend(place.iter().map(|_| at));
            ranking.order.extend(place);
        }
        ranking.ties.extend(tied);
    }
    ranking
}

/// Puts entries that share a total in order: higher `keys` first, then `settle` among those
/// level on every key. Returns the places in acting order (one entry each, unless they act
/// simultaneously) and, when anything had to be decided, the record of it.
pub fn settle(
    level: &[usize],
    keys: &[TieKey],
    settle: Settle,
    dice: &mut dyn Dice,
) -> (Vec<Vec<usize>>, Option<Tied>) {
    if level.len() < 2 {
        return (level.iter().map(|&i| vec![i]).collect(), None);
    }
    let mut keyed: Vec<(Vec<i64>, usize)> =
        level.iter().map(|&i| (keys.iter().map(|k| (k.value)(i)).collect(), i)).collect();
    // Stable: entries level on every key keep the given order.
    keyed.sort_by(|a, b| b.0.cmp(&a.0));
    // A key set some apart when two neighbours level on the keys before it differ on it.
    let by: Vec<&'static KeyName> = (0..keys.len())
        .filter(|&k| keyed.windows(2).any(|pair| pair[0].0[..k] == pair[1].0[..k] && pair[0].0[k] != pair[1].0[k]))
        .map(|k| keys[k].name)
        .collect();
    let mut places = Vec::with_capacity(level.len());
    let mut roll_offs = Vec::new();
    for same in keyed.chunk_by(|a, b| a.0 == b.0) {
        let who: Vec<usize> = same.iter().map(|(_, i)| *i).collect();
        match (who.len(), settle) {
            (1, _) => places.push(who),
            (_, Settle::Simultaneous) => places.push(who),
            (n, Settle::RollOff(sides)) => {
                let draw = dice.roll_off(n, sides);
                places.extend(draw.order.iter().map(|&k| vec![who[k]]));
                roll_offs.push(Drawn { who, draw });
            }
        }
    }
    let decided = !by.is_empty() || !roll_offs.is_empty();
    let tied = decided.then(|| Tied { who: places.iter().flatten().copied().collect(), by, roll_offs });
    (places, tied)
}

/// `who` grouped by `key`, highest first; each group is level (given order kept within).
pub fn levels<K: Ord>(who: &[usize], key: impl Fn(usize) -> K) -> Vec<Vec<usize>> {
    let mut sorted = who.to_vec();
    sorted.sort_by_key(|&i| Reverse(key(i)));
    sorted.chunk_by(|&a, &b| key(a) == key(b)).map(<[usize]>::to_vec).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::odds::enumerate;
    use crate::prob::Prob;

    static DEX: KeyName = KeyName { id: "dex", words: "Dex" };
    static STR: KeyName = KeyName { id: "str", words: "Strength" };

    #[test]
    fn higher_totals_first_and_no_dice_without_a_tie() {
        let totals = [3, 9, 5];
        let r = rank(&[0, 1, 2], |i| totals[i], &[], Settle::RollOff(6), &mut NoDice);
        assert_eq!((r.order, r.places, r.ties), (vec![1, 2, 0], vec![1, 2, 3], vec![]));
    }

    #[test]
    fn keys_break_ties_before_any_roll_off() {
        let totals = [7, 7, 7, 2];
        let dex = [1, 3, 1, 9];
        let value = |i: usize| dex[i] as i64;
        let keys = [TieKey { name: &DEX, value: &value }];
        let mut dice = SeededDice::new(5);
        let r = rank(&[0, 1, 2, 3], |i| totals[i], &keys, Settle::RollOff(20), &mut dice);
        assert_eq!(r.order[0], 1, "the higher Dex acts first");
        assert_eq!(r.order[3], 3, "Dex never lifts a lower total");
        assert_eq!(r.ties.len(), 1);
        let tie = &r.ties[0];
        assert_eq!(tie.who, r.order[..3]);
        assert_eq!(tie.by, [&DEX]);
        assert_eq!(tie.roll_offs.len(), 1);
        assert_eq!(tie.roll_offs[0].who, [0, 2], "only those level on Dex roll, in the given order");
        let names = ["Ann", "Bob", "Cy", "Dee"];
        let named = r.named_ties(|i| totals[i], |i| names[i]);
        assert_eq!(named[0].total, 7);
        assert_eq!(named[0].names[0], "Bob");
        assert_eq!(named[0].roll_offs[0].names, ["Ann", "Cy"]);
        let last = named[0].roll_offs[0].rerolls.last().unwrap();
        assert_ne!(last.rolls[0], last.rolls[1], "the last re-roll breaks the tie");
    }

    #[test]
    fn only_the_keys_that_set_someone_apart_are_named() {
        let dex = [2, 2, 2];
        let strength = [1, 4, 4];
        let dex_value = |i: usize| dex[i] as i64;
        let str_value = |i: usize| strength[i] as i64;
        let keys = [TieKey { name: &DEX, value: &dex_value }, TieKey { name: &STR, value: &str_value }];
        let (places, tied) = settle(&[0, 1, 2], &keys, Settle::Simultaneous, &mut NoDice);
        assert_eq!(places, [vec![1, 2], vec![0]]);
        let tied = tied.unwrap();
        assert_eq!(tied.by, [&STR]);
        assert!(tied.roll_offs.is_empty());
        // Level on everything and acting together: nothing was decided, so nothing to record.
        let (places, tied) = settle(&[0, 1], &[], Settle::Simultaneous, &mut NoDice);
        assert_eq!((places, tied), (vec![vec![0, 1]], None));
    }

    #[test]
    fn simultaneous_entries_share_a_place() {
        let totals = [4, 6, 4, 1];
        let r = rank(&[0, 1, 2, 3], |i| totals[i], &[], Settle::Simultaneous, &mut NoDice);
        assert_eq!(r.order, [1, 0, 2, 3]);
        assert_eq!(r.places, [1, 2, 2, 4]);
    }

    #[test]
    fn a_roll_off_gives_every_order_alike() {
        // Three level on everything: each of the six orders 1/6, through the enumerating twin.
        let dist = enumerate(|d| rank(&[0, 1, 2], |_| 0, &[], Settle::RollOff(6), d).order).unwrap();
        assert_eq!(dist.len(), 6);
        assert!(dist.iter().all(|(_, p)| *p == Prob::new(1, 6)));
    }

    /// Dice for a ranking that must not roll.
    struct NoDice;

    impl Dice for NoDice {
        fn roll(&mut self, _: u32, _: u32) -> dice::Roll {
            panic!("nothing to roll")
        }
        fn roll_off(&mut self, _: usize, _: u32) -> dice::RollOff {
            panic!("no roll-off expected")
        }
        fn draw(&mut self, _: &mut dyn dice::Draw) {
            panic!("nothing to roll")
        }
    }
}
