//! The odds of how a chase ends: the steps walked exactly with equal states merged, or seeded
//! runs of the whole chase.

use super::*;

/// How a chase ends, as its odds give it: the end and the round it came in.
#[derive(Clone, Copy, Debug, Serialize)]
pub(super) struct EndOutcome {
    pub outcome: ChaseEnd,
    pub round: u32,
}

impl<L: TurnOrder> Chase<L> {
    /// The chase to its end, the end only (for seeded runs).
    pub(super) fn end_of(&self, dice: &mut dyn Dice) -> (ChaseEnd, u32) {
        let (_, _, _, mut s) = self.begin(dice);
        for round in 1..=self.rounds {
            if s.end.is_some() {
                break;
            }
            self.play_round(&mut s, round, dice);
        }
        s.end.unwrap_or((ChaseEnd::Running, self.rounds))
    }

    /// Every end with its exact probability, the steps walked one by one with equal states
    /// merged; `None` when the walk would take more than [`crate::odds::PATH_BUDGET`] paths.
    pub(super) fn exact_ends(&self) -> Option<Dist<(ChaseEnd, u32)>> {
        let mut budget = crate::odds::PATH_BUDGET;
        let mut dist = walk(&Dist::point(()), &mut budget, |_| None, |_, d| self.begin(d).3.canonical())?;
        for round in 1..=self.rounds {
            if dist.iter().all(|(s, _)| s.end.is_some()) {
                break;
            }
            for slot in 0..self.participants.len() {
                dist = walk(
                    &dist,
                    &mut budget,
                    |s| (!self.acts(s, slot)).then(|| s.clone()),
                    |s, d| {
                        let mut s = s.clone();
                        self.turn(&mut s, slot, round, d);
                        s.canonical()
                    },
                )?;
            }
            dist = walk(
                &dist,
                &mut budget,
                |s| s.end.is_some().then(|| s.clone()),
                |s, d| {
                    let mut s = s.clone();
                    self.round_end(&mut s, round, d);
                    s.canonical()
                },
            )?;
            if dist.len() > MAX_STATES {
                return None;
            }
        }
        Some(dist.map(|s| s.end.unwrap_or((ChaseEnd::Running, self.rounds))))
    }

    /// Seeded runs for a chase too large to walk: fewer for a larger cast, so that the answer
    /// still comes back in about a second.
    pub(super) fn trials(&self, fallback: Fallback) -> u64 {
        let n = self.participants.len().max(1) as u64;
        let work = n * n * u64::from(self.rounds.max(1));
        (SIMULATION_WORK / work).clamp(MIN_TRIALS, fallback.trials.max(MIN_TRIALS))
    }
}

/// The most distinct states the exact walk keeps between two steps.
const MAX_STATES: usize = 20_000;
/// What the seeded estimate spends at most, in participant-turns times the cast (each turn
/// looks over the cast): about 3 ns each in a release build, so a second or so.
const SIMULATION_WORK: u64 = 300_000_000;
const MIN_TRIALS: u64 = 100;

/// The next step from every state of `dist`: those `stays` keeps are carried as they are, the
/// others walked over every die of `next`; `None` once `budget` paths are spent.
fn walk<S: Ord + Clone, T: Ord + Clone>(
    dist: &Dist<S>,
    budget: &mut usize,
    stays: impl Fn(&S) -> Option<T>,
    next: impl Fn(&S, &mut dyn Dice) -> T,
) -> Option<Dist<T>> {
    let mut pairs: Vec<(T, Prob)> = Vec::new();
    for (s, p) in dist.iter() {
        if let Some(kept) = stays(s) {
            pairs.push((kept, p.clone()));
            continue;
        }
        let mut paths = 0usize;
        let walked = enumerate_within(
            |d| {
                paths += 1;
                next(s, d)
            },
            *budget,
        )
        .ok()?;
        *budget = budget.checked_sub(paths)?;
        pairs.extend(walked.iter().map(|(t, q)| (t.clone(), p.mul(q))));
    }
    Some(Dist::from_pairs(pairs))
}

/// `caught in round 3`, `caught at the start (round 0)`, `still running after round 10`.
pub fn end_label(end: ChaseEnd, round: u32) -> String {
    match (end, round) {
        (ChaseEnd::Running, _) => format!("still running after round {round}"),
        (ChaseEnd::GaveUp, _) => format!("the pursuers gave up in round {round}"),
        (_, 0) => format!("{} at the start (round 0)", end.word()),
        _ => format!("{} in round {round}", end.word()),
    }
}
