//! The standing of sides that each roll one alike die: every side that rolls rolls the same
//! die, so all that matters is how many roll and how many wait. A rolling side's place is even
//! among the rollers (ties re-rolled) or follows the number of others rolling higher (ties
//! acting together); the waiting act after all of them; a side may sit out (surprised) on its
//! own chance. Alike sides (the same chance of sitting out, waiting or not) have alike odds and
//! are worked out once.

use super::Settle;
use crate::odds::Dist;
use crate::prob::Prob;
use std::collections::BTreeMap;

/// How many of independent events come out true, each on its own chance.
pub fn count_of(chances: impl Iterator<Item = Prob>) -> Dist<usize> {
    let mut count = Dist::point(0);
    for q in chances {
        count = count.and_then(|&k| Dist::from_pairs([(k, q.complement()), (k + 1, q.clone())]));
    }
    count
}

/// `(k, C(n, k)·p^k·q^(n−k))` for k = 0..=n.
pub fn binomial(n: usize, p: &Prob, q: &Prob) -> Vec<(usize, Prob)> {
    let powers = |x: &Prob| {
        let mut all = vec![Prob::one()];
        for k in 0..n {
            all.push(all[k].mul(x));
        }
        all
    };
    let (p_pow, q_pow) = (powers(p), powers(q));
    let mut out = Vec::with_capacity(n + 1);
    let mut choose = Prob::one();
    for k in 0..=n {
        out.push((k, choose.mul(&p_pow[k]).mul(&q_pow[n - k])));
        choose = choose.mul(&Prob::new((n - k) as u128, k as u128 + 1));
    }
    out
}

/// Who acts first when the level act together: one side alone, or several at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum First {
    Alone(usize),
    Together(usize),
}

/// The odds of `r` rollers each rolling one die of `sides` faces, highest first, the level
/// settled by `settle`; remembered by `r`.
pub struct LevelRollers {
    sides: u32,
    settle: Settle,
    places: BTreeMap<usize, (Dist<usize>, Prob)>,
    tops: BTreeMap<usize, Dist<usize>>,
}

impl LevelRollers {
    pub fn new(sides: u32, settle: Settle) -> LevelRollers {
        LevelRollers { sides, settle, places: BTreeMap::new(), tops: BTreeMap::new() }
    }

    /// One roller's place among `r` and its chance to be first (alone, when the level act together).
    pub fn place(&mut self, r: usize) -> (Dist<usize>, Prob) {
        let (sides, settle) = (u128::from(self.sides), self.settle);
        self.places
            .entry(r)
            .or_insert_with(|| match (r, settle) {
                (0 | 1, _) => (Dist::point(1), Prob::one()),
                // Re-rolled ties: every order of the r alike rollers is as likely as any other.
                (r, Settle::RollOff(_)) => {
                    let even = Prob::new(1, r as u128);
                    (Dist::from_pairs((1..=r).map(|k| (k, even.clone()))), even)
                }
                // Ties act together: 1 + those rolling higher; first alone when all roll lower.
                (r, Settle::Simultaneous) => {
                    let mut pairs = Vec::new();
                    let mut alone = Prob::zero();
                    for v in 1..=sides {
                        let (higher, lower_or_level) = (Prob::new(sides - v, sides), Prob::new(v, sides));
                        for (m, q) in binomial(r - 1, &higher, &lower_or_level) {
                            pairs.push((m + 1, q.mul(&Prob::new(1, sides))));
                        }
                        alone = alone.add(&Prob::new(v - 1, sides).pow(r - 1).mul(&Prob::new(1, sides)));
                    }
                    (Dist::from_pairs(pairs), alone)
                }
            })
            .clone()
    }

    /// How many of `r` rollers share the top roll (the level acting together).
    pub fn top(&mut self, r: usize) -> Dist<usize> {
        let sides = u128::from(self.sides);
        self.tops
            .entry(r)
            .or_insert_with(|| {
                if r <= 1 {
                    return Dist::point(r);
                }
                let mut pairs = Vec::new();
                for v in 1..=sides {
                    let (at, below) = (Prob::new(1, sides), Prob::new(v - 1, sides));
                    pairs.extend(binomial(r, &at, &below).into_iter().filter(|(k, _)| *k > 0));
                }
                Dist::from_pairs(pairs)
            })
            .clone()
    }
}

/// Each side's place (`None`: sits out) and chance to act first, alone when the level act
/// together; and, then, how many share the top roll.
pub struct SideStandings {
    pub places: Vec<Dist<Option<usize>>>,
    first: Vec<Prob>,
    top: Dist<usize>,
}

impl SideStandings {
    /// Who acts first, ties re-rolled.
    pub fn first(&self) -> Dist<Option<usize>> {
        Dist::from_pairs(self.first.iter().enumerate().map(|(i, p)| (Some(i), p.clone())))
    }

    /// Who acts first when the level act together: a side alone, or how many together.
    pub fn first_group(&self) -> Dist<First> {
        Dist::from_pairs(
            self.first
                .iter()
                .enumerate()
                .map(|(i, p)| (First::Alone(i), p.clone()))
                .chain(self.top.iter().filter(|(k, _)| *k > 1).map(|(k, p)| (First::Together(*k), p.clone()))),
        )
    }
}

/// A side's place (`None`: sits out) and its chance to act first.
type Standing = (Dist<Option<usize>>, Prob);

/// The standing of sides that each roll one die of `sides` faces, highest first, the level
/// settled by `settle`: side i sits out with the chance `out[i]`, and acts after every roller
/// when `waits[i]`. Sitting out and waiting are both against the others: when every side would
/// sit out, none does, and when every side that acts would wait, none gives anything up and
/// they all roll.
pub fn side_standings(out: &[Prob], waits: &[bool], sides: u32, settle: Settle) -> SideStandings {
    let n = out.len();
    let waits = |i: usize| waits.get(i).copied().unwrap_or(false);
    let totals = ((0..n).filter(|&i| !waits(i)).count(), (0..n).filter(|&i| waits(i)).count());
    let mut die = LevelRollers::new(sides, settle);
    let mut kinds: BTreeMap<(Prob, bool), Standing> = BTreeMap::new();
    let mut first = Vec::with_capacity(n);
    let mut places = Vec::with_capacity(n);
    for i in 0..n {
        let key = (out[i].clone(), waits(i));
        let (place, chance) = kinds
            .entry(key)
            .or_insert_with(|| {
                // The others: how many take part among those who would roll, and who would wait.
                let others =
                    |wait: bool| count_of((0..n).filter(|&j| j != i && waits(j) == wait).map(|j| out[j].complement()));
                side_standing(&others(false), &others(true), &out[i], waits(i), totals, &mut die)
            })
            .clone();
        first.push(chance);
        places.push(place);
    }
    let top = match settle {
        Settle::RollOff(_) => Dist::from_pairs([]),
        Settle::Simultaneous => {
            // Alone first, or k together, over how many roll.
            let all = |wait: bool| count_of((0..n).filter(|&j| waits(j) == wait).map(|j| out[j].complement()));
            rollers_dist(&all(false), &all(true), totals).and_then(|&r| die.top(r))
        }
    };
    SideStandings { places, first, top }
}

/// How many sides roll: those taking part and not waiting; everyone when none would take part
/// (`totals`: the sides that would roll and that would wait); the waiting when all taking part wait.
fn rollers_dist(rolling: &Dist<usize>, waiting: &Dist<usize>, totals: (usize, usize)) -> Dist<usize> {
    rolling.and_then(|&r| {
        waiting.map(|&w| {
            let (r, w) = if r + w == 0 { totals } else { (r, w) };
            if r == 0 { w } else { r }
        })
    })
}

/// One side's place and its chance to act first (when the level act together: first alone),
/// given how many of the others take part (`rolling` of those who would roll, `waiting` of
/// those who would wait), its own chance of sitting out, and whether it waits.
fn side_standing(
    rolling: &Dist<usize>,
    waiting: &Dist<usize>,
    sits_out: &Prob,
    waits: bool,
    totals: (usize, usize),
    die: &mut LevelRollers,
) -> Standing {
    // The chance that it does not act, that it waits behind so many rollers, or rolls among so many.
    let mut out = Prob::zero();
    let mut behind: BTreeMap<usize, Prob> = BTreeMap::new();
    let mut among: BTreeMap<usize, Prob> = BTreeMap::new();
    let add = |map: &mut BTreeMap<usize, Prob>, k: usize, p: &Prob| {
        let sum = map.entry(k).or_insert_with(Prob::zero);
        *sum = sum.add(p);
    };
    for (r, pr) in rolling.iter() {
        for (w, pw) in waiting.iter() {
            for (caught, p) in [(true, sits_out.clone()), (false, sits_out.complement())] {
                let p = p.mul(pr).mul(pw);
                if p.is_zero() {
                    continue;
                }
                // When every side would sit out, none does: everyone acts.
                let (r, w) = match (caught, r + w) {
                    (true, 0) => totals,
                    (true, _) => {
                        out = out.add(&p);
                        continue;
                    }
                    (false, _) => (r + usize::from(!waits), w + usize::from(waits)),
                };
                // When all able to act would wait, nobody gives anything up: they all roll.
                match (r, waits) {
                    (0, _) => add(&mut among, w, &p),
                    (r, false) => add(&mut among, r, &p),
                    (r, true) => add(&mut behind, r + 1, &p),
                }
            }
        }
    }
    let mut pairs = vec![(None, out)];
    pairs.extend(behind.into_iter().map(|(place, p)| (Some(place), p)));
    let mut first = Prob::zero();
    for (r, p) in among {
        let (place, alone) = die.place(r);
        first = first.add(&p.mul(&alone));
        pairs.extend(place.iter().map(|(k, q)| (Some(*k), q.mul(&p))));
    }
    (Dist::from_pairs(pairs), first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;
    use crate::odds::brute::walk;
    use crate::order::rank;

    /// The sides' standing itself, rolled: side i sits out on `out[i].0` or less on a die of
    /// `out[i].1` faces (never on 0, always on all of them), then the rollers each roll a die of
    /// `sides` faces and are ranked, the waiting after them. Each side's place (`None`: sits out).
    fn rolled(
        out: &[(u32, u32)],
        waits: &[bool],
        sides: u32,
        settle: Settle,
        dice: &mut dyn Dice,
    ) -> Vec<Option<usize>> {
        let n = out.len();
        let caught: Vec<bool> = out.iter().map(|&(p, of)| p > 0 && (p == of || dice.roll(1, of).total <= p)).collect();
        let all_out = caught.iter().all(|&c| c);
        let acts = |i: usize| all_out || !caught[i];
        let all_wait = (0..n).filter(|&i| acts(i)).all(|i| waits[i]);
        let waiting = |i: usize| !all_wait && acts(i) && waits[i];
        let rollers: Vec<usize> = (0..n).filter(|&i| acts(i) && !waiting(i)).collect();
        let totals: Vec<u32> = rollers.iter().map(|_| dice.roll(1, sides).total).collect();
        let at = |i: usize| rollers.iter().position(|&r| r == i).map_or(0, |k| totals[k]);
        let ranking = rank(&rollers, at, &[], settle, dice);
        let mut places = vec![None; n];
        for (&i, &place) in ranking.order.iter().zip(&ranking.places) {
            places[i] = Some(place);
        }
        for i in (0..n).filter(|&i| waiting(i)) {
            places[i] = Some(rollers.len() + 1);
        }
        places
    }

    fn check(out: &[(u32, u32)], waits: &[bool], sides: u32, settle: Settle) {
        let chances: Vec<Prob> = out.iter().map(|&(p, of)| Prob::new(u128::from(p), u128::from(of))).collect();
        let standing = side_standings(&chances, waits, sides, settle);
        let all = walk(|d| rolled(out, waits, sides, settle, d));
        for (i, place) in standing.places.iter().enumerate() {
            assert_eq!(*place, all.map(|p| p[i]), "place of {i} ({settle:?})");
        }
        let firsts = |p: &Vec<Option<usize>>| -> Vec<usize> { (0..p.len()).filter(|&i| p[i] == Some(1)).collect() };
        match settle {
            Settle::RollOff(_) => assert_eq!(standing.first(), all.map(|p| firsts(p).first().copied())),
            Settle::Simultaneous => {
                let group = |p: &Vec<Option<usize>>| match firsts(p)[..] {
                    [one] => First::Alone(one),
                    ref many => First::Together(many.len()),
                };
                assert_eq!(standing.first_group(), all.map(group));
            }
        }
    }

    #[test]
    fn side_standings_match_the_standing_rolled() {
        for settle in [Settle::RollOff(4), Settle::Simultaneous] {
            check(&[(0, 1), (0, 1), (0, 1)], &[false; 3], 4, settle);
            check(&[(1, 2), (0, 1), (1, 3), (2, 2)], &[false, false, true, false], 4, settle);
            check(&[(1, 2), (1, 2), (1, 3)], &[true, false, true], 3, settle);
            check(&[(1, 1), (1, 1), (1, 2)], &[true, true, false], 4, settle);
        }
    }

    #[test]
    fn binomials_and_counts_sum_to_one() {
        let (p, q) = (Prob::new(1, 3), Prob::new(2, 3));
        let total = binomial(5, &p, &q).iter().fold(Prob::zero(), |acc, (_, x)| acc.add(x));
        assert_eq!(total, Prob::one());
        let count = count_of([Prob::new(1, 2), Prob::new(1, 3)].into_iter());
        assert_eq!(count, Dist::from_pairs([(0, Prob::new(1, 3)), (1, Prob::new(1, 2)), (2, Prob::new(1, 6))]));
    }
}
