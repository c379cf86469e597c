//! The whole acting order of a few contenders, exactly: every combination of their totals,
//! counted in whole outcomes of their dice, ranked by the rule itself; only combinations with a
//! tie go through the roll-off's odds.

use super::odds::Rival;
use crate::dice::{self, Dice, Roll};
use crate::odds::{Dist, Fallback, Method, dist_of};
use crate::prob::Prob;
use std::collections::BTreeMap;

/// A contender's totals as counts of equally likely outcomes: `(total, outcomes)`.
struct Counts {
    denominator: u64,
    steps: Vec<(i64, u64)>,
}

impl Counts {
    /// `None` if the totals are not whole outcomes of `denominator` (an estimate).
    fn new(rival: &Rival, denominator: u64) -> Option<Counts> {
        let mut all = 0;
        let mut steps = Vec::with_capacity(rival.totals.len());
        for (t, p) in &rival.totals {
            let count = (p.to_f64() * denominator as f64).round() as u64;
            if Prob::new(u128::from(count), u128::from(denominator)) != *p {
                return None;
            }
            steps.push((*t, count));
            all += count;
        }
        (all == denominator).then_some(Counts { denominator, steps })
    }
}

/// Every full order of `rivals` (each always taking part) with its chance: `outcomes[i]` is how
/// many equally likely outcomes contender i's dice have (1 for a total known in advance), and
/// `rank` is the rule's ranking of the contenders given their totals, which rolls only to settle
/// ties. Each combination of totals is weighed by its outcomes; one without a tie on the total
/// and every key is ranked once, with dice that never need to roll, and one with a tie is
/// walked through `rank`'s roll-offs (an estimate recorded in `method`). For a few contenders:
/// the combinations multiply. `None` when some contender's totals are not whole outcomes of its
/// dice (an estimate of them).
pub fn full_orders(
    rivals: &[Rival],
    outcomes: &[u64],
    fallback: Fallback,
    method: &mut Method,
    mut rank: impl FnMut(&[i64], &mut dyn Dice) -> Vec<usize>,
) -> Option<Dist<Vec<usize>>> {
    let tables: Vec<Counts> = rivals.iter().zip(outcomes).map(|(r, &d)| Counts::new(r, d)).collect::<Option<_>>()?;
    let all: u128 = tables.iter().map(|t| u128::from(t.denominator)).product();
    let mut untied: BTreeMap<Vec<usize>, u128> = BTreeMap::new();
    let mut tied: Vec<(Vec<usize>, Prob)> = Vec::new();
    let mut pick = vec![0usize; tables.len()];
    'combos: loop {
        let t: Vec<i64> = pick.iter().zip(&tables).map(|(&k, table)| table.steps[k].0).collect();
        let weight: u128 = pick.iter().zip(&tables).map(|(&k, table)| u128::from(table.steps[k].1)).product();
        let mut keys: Vec<(i64, &[i64])> = t.iter().copied().zip(rivals.iter().map(|r| r.keys.as_slice())).collect();
        keys.sort_unstable();
        if keys.windows(2).all(|w| w[0] != w[1]) {
            // No tie: the rule rolls nothing, so there is one path.
            *untied.entry(rank(&t, &mut NoTies)).or_default() += weight;
        } else {
            let share = Prob::new(weight, all);
            for (order, p) in dist_of(|d| rank(&t, d), fallback, method).iter() {
                tied.push((order.clone(), p.mul(&share)));
            }
        }
        for (slot, table) in pick.iter_mut().zip(&tables) {
            *slot += 1;
            if *slot < table.steps.len() {
                continue 'combos;
            }
            *slot = 0;
        }
        break;
    }
    Some(Dist::from_pairs(untied.into_iter().map(|(order, count)| (order, Prob::new(count, all))).chain(tied)))
}

/// Dice for a ranking without ties, which rolls nothing; should it ask, it gets the lowest
/// faces and the order as given.
struct NoTies;

impl Dice for NoTies {
    fn roll(&mut self, count: u32, sides: u32) -> Roll {
        Roll::new(sides, &vec![1; count.min(dice::MAX_ROLL_DICE as u32) as usize])
    }

    fn roll_off(&mut self, contenders: usize, sides: u32) -> dice::RollOff {
        dice::RollOff { sides, rounds: Vec::new(), order: (0..contenders).collect() }
    }

    fn draw(&mut self, draw: &mut dyn dice::Draw) {
        draw.take(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::odds::brute::walk;
    use crate::order::{KeyName, Settle, TieKey, rank};

    static KEY: KeyName = KeyName { id: "key", words: "key" };

    #[test]
    fn every_full_order_matches_the_ranking_walked() {
        // (faces of its die, each face's total; its key): a d3, a d2 level with it on the key, a fixed 2.
        let cast: [(&[i64], i64); 3] = [(&[1, 2, 3], 0), (&[2, 3], 0), (&[2], 1)];
        let rivals: Vec<Rival> = cast
            .iter()
            .map(|(faces, key)| Rival {
                totals: faces.iter().map(|&t| (t, Prob::new(1, faces.len() as u128))).collect(),
                keys: vec![*key],
                present: Prob::one(),
            })
            .collect();
        let outcomes: Vec<u64> = cast.iter().map(|(faces, _)| faces.len() as u64).collect();
        let key = |i: usize| cast[i].1;
        let rank_of = |t: &[i64], d: &mut dyn Dice| {
            let who: Vec<usize> = (0..t.len()).collect();
            rank(&who, |i| t[i], &[TieKey { name: &KEY, value: &key }], Settle::RollOff(6), d).order
        };
        let fallback = Fallback { seed: 1, trials: 100 };
        let mut method = Method::exact(fallback);
        let orders = full_orders(&rivals, &outcomes, fallback, &mut method, rank_of).expect("whole outcomes");
        let walked = walk(|d| {
            let t: Vec<i64> =
                cast.iter().map(|(faces, _)| faces[d.roll(1, faces.len() as u32).total as usize - 1]).collect();
            rank_of(&t, d)
        });
        assert_eq!(orders, walked);
        assert_eq!(method.trials, None);
        // Totals that are not whole outcomes of the dice named are left to the rule.
        assert!(full_orders(&rivals, &[3, 3, 1], fallback, &mut method, rank_of).is_none());
    }
}
