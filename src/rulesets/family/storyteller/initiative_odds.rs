//! The odds of the initiative order: who acts first and in what order, with delays, readied
//! and held actions and the surprised sitting out.

use super::{budgets::*, fight::*};
use crate::dice::Dice;
use crate::odds::{Dist, Fallback, Method, Odds};
pub(super) use crate::order::odds::places_in;
use crate::order::odds::{
    Line, PLACES_NOT_LISTED, Rival, Standings, dice_paths, push_places, standings, walk_or_estimate,
};
pub(super) use crate::order::round_one::RoundOne;
use crate::order::waits::{Wait, first_with_waits};
use crate::prob::Prob;
use serde::Serialize;

pub(super) fn holders(input: &InitiativeInput) -> Vec<bool> {
    (0..input.fighters.len()).map(|i| input.move_of(i).is_some_and(|m| m.kind == MoveKind::Hold)).collect()
}

/// A full order for small casts, else just who comes first.
pub(super) fn order_key(order: &[usize], full: bool) -> Vec<usize> {
    if full { order.to_vec() } else { order.iter().copied().take(1).collect() }
}

/// Who acts, as the odds give it: the acting order in full, or who acts first (or nobody), or
/// round 1 left undetermined.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub(super) enum Acting {
    Order(Vec<String>),
    First(Option<String>),
    #[serde(serialize_with = "undetermined")]
    Undetermined,
}

fn undetermined<S: serde::Serializer>(serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str("undetermined")
}

pub(super) fn describe_order(input: &InitiativeInput, key: &[usize], full: bool, nobody: &str) -> (Acting, String) {
    let names: Vec<String> = key.iter().map(|&i| input.fighters[i].name.clone()).collect();
    match (names.first(), full) {
        (None, true) => (Acting::Order(names), nobody.to_string()),
        (None, false) => (Acting::First(None), nobody.to_string()),
        (Some(first), false) => {
            let words = format!("{first} first");
            (Acting::First(Some(first.clone())), words)
        }
        (Some(_), true) => {
            let words = names.join(", then ");
            (Acting::Order(names), words)
        }
    }
}

/// The paths of `rollers` initiative d10s.
pub(super) fn d10_paths(rollers: usize) -> u128 {
    dice_paths(rollers, 10)
}

/// Enumerates `run` when `walk` says its dice make few enough paths, else simulates it.
pub(super) fn fight_dist<T: Ord + Clone>(
    walk: bool,
    combatants: usize,
    run: impl FnMut(&mut dyn Dice) -> T,
    fallback: Fallback,
) -> (Dist<T>, Method) {
    walk_or_estimate(walk, combatants, WOD_FIGHT_ESTIMATE, run, fallback)
}

/// Delayed or readied actions move combatants on the rolled order, so the order is no longer
/// a ranking of independent totals.
pub(super) fn moved(input: &InitiativeInput) -> bool {
    input.moves.iter().any(|m| m.kind != MoveKind::Hold)
}

/// A delay's or readied action's anchor; `None` for everyone else (holders keep their place in
/// the standing order).
fn anchor_of(m: Option<&Move>) -> Option<Anchor> {
    match m {
        Some(Move { kind: MoveKind::Delay | MoveKind::Ready, anchor, .. }) => *anchor,
        _ => None,
    }
}

/// Each fighter's delay or readied action as a wait on its anchor (holders keep their place).
pub(super) fn waits(input: &InitiativeInput) -> Vec<Option<Wait>> {
    input
        .move_by_fighter()
        .iter()
        .map(|&m| {
            anchor_of(m).map(|anchor| match anchor {
                Anchor::Before(o) => Wait::Before(o),
                Anchor::After(o) => Wait::After(o),
            })
        })
        .collect()
}

/// Who acts first on the standing order with delayed and readied actions, among those who
/// stay in (each independently, with the chance `stays`); `None` (nobody) when none does.
/// Worked out by the ranking engine's waits ([`first_with_waits`]), each delay or readied
/// action a wait on its anchor; `None` overall when they tie too many combatants together.
pub(super) fn moved_first(input: &InitiativeInput, stays: impl Fn(usize) -> Prob) -> Option<Dist<Option<usize>>> {
    first_with_waits(&rivals(input, |_| Prob::one()), &waits(input), stays)
}

/// Each fighter as the ranking odds see it: d10 + modifier (or the total given), the tie rule's
/// key, and the chance `acts` that it takes part.
pub(super) fn rivals(input: &InitiativeInput, acts: impl Fn(usize) -> Prob) -> Vec<Rival> {
    let d10 = crate::odds::sum_distribution(1, 10);
    input
        .fighters
        .iter()
        .enumerate()
        .map(|(i, f)| Rival {
            totals: match f.given {
                Some(total) => vec![(i64::from(total), Prob::one())],
                None => d10.iter().map(|(face, p)| (i64::from(*face) + i64::from(f.modifier()), p.clone())).collect(),
            },
            keys: vec![i64::from(f.tie_break())],
            present: acts(i),
        })
        .collect()
}

/// The lines of the cast for place parts: a group's members (`Thug 1` to `Thug 3`, alike in
/// the roll) share one.
fn lines(input: &InitiativeInput, rivals: &[Rival]) -> Vec<Line> {
    let f = &input.fighters;
    let mut lines = Vec::new();
    let mut i = 0;
    while i < f.len() {
        let base = f[i].name.strip_suffix(" 1");
        let mut count = 1;
        if let Some(base) = base {
            while i + count < f.len()
                && rivals[i + count] == rivals[i]
                && f[i + count].name.strip_prefix(base).and_then(|k| k.strip_prefix(' '))
                    == Some(&(count + 1).to_string())
            {
                count += 1;
            }
        }
        lines.push(match base {
            Some(base) if count > 1 => Line::group(base, count, i),
            _ => Line::one(&f[i].name, i),
        });
        i += count;
    }
    lines
}

pub(super) fn describe_first(input: &InitiativeInput, first: &Option<usize>, nobody: &str) -> (Option<String>, String) {
    match first {
        Some(i) => {
            let name = &input.fighters[*i].name;
            (Some(name.clone()), format!("{name} first"))
        }
        None => (None, nobody.to_string()),
    }
}

/// Beyond three fighters without delays or readied actions: who acts first, who acts first in
/// round 1 when someone sits it out (`round_one`: the standings with the chance of acting in
/// round 1), and each fighter's place in the standing order.
pub(super) fn push_standings(
    odds: &mut Odds,
    input: &InitiativeInput,
    standing: Standings,
    round_one: Option<(Dist<RoundOne>, Method)>,
) {
    odds.push(Some("first"), "who acts first", &standing.first, standing.first_method, |f| {
        describe_first(input, f, "nobody")
    });
    if let Some((first, method)) = round_one {
        push_round_one_first(odds, input, &first, method);
    }
    match standing.places {
        Some(places) => push_places(odds, &places, &lines(input, &rivals(input, |_| Prob::one())), "not in the order"),
        None => odds.note(PLACES_NOT_LISTED),
    }
}

/// Who acts first in round 1 beyond three fighters, or that it is undetermined.
pub(super) fn push_round_one_first(odds: &mut Odds, input: &InitiativeInput, first: &Dist<RoundOne>, method: Method) {
    let beat = input.beat.word();
    let (part, title) = (format!("{beat} 1"), format!("who acts first in {beat} 1 (the surprised and held sit out)"));
    odds.push(Some(&part), &title, first, method, |k| describe_round_one(input, k, false));
}

/// The standing order's first and places over every roll of `run` (an initiative or an encounter).
pub(super) fn standing_of(
    input: &InitiativeInput,
    fallback: Fallback,
    mut run: impl FnMut(&mut dyn Dice) -> (Vec<usize>, Vec<usize>),
) -> Standings {
    let n = input.fighters.len();
    let rivals = rivals(input, |_| Prob::one());
    let lines = lines(input, &rivals).len();
    standings(&rivals, 10, lines, fallback, |d| places_in(&run(d).0, n))
}

/// The titles of the order parts: (the standing order, round 1).
pub(super) fn order_titles(input: &InitiativeInput, full: bool) -> (&'static str, String) {
    let beat = input.beat.word();
    if full {
        ("acting order", format!("{beat} 1 (the surprised and held sit out)"))
    } else {
        ("who acts first", format!("who acts first in {beat} 1"))
    }
}

/// Beyond three fighters with delayed or readied actions: who acts first (`first`: the first of
/// the standing order, or none) and in round 1, without each one's place.
pub(super) fn push_moved(
    odds: &mut Odds,
    input: &InitiativeInput,
    first: &Dist<Option<usize>>,
    method: Method,
    round_one: Option<(&Dist<Option<usize>>, Method)>,
) {
    odds.push(Some("first"), "who acts first", first, method, |f| describe_first(input, f, "nobody"));
    if let Some((first, method)) = round_one {
        let beat = input.beat.word();
        let title = format!("who acts first in {beat} 1 (the surprised and held sit out)");
        let nobody = format!("nobody acts in {beat} 1");
        odds.push(Some(&format!("{beat} 1")), &title, first, method, |f| describe_first(input, f, &nobody));
    }
    odds.note(MOVED_NOTE);
}

/// Said when delayed or readied actions leave each one's place unlisted.
pub(super) const MOVED_NOTE: &str =
    "delayed and readied actions tie a place to another's: each one's place is not listed";

/// Round 1 as the odds list it: the acting order (full, or just who acts first), or undetermined.
pub(super) fn describe_round_one(fighters: &InitiativeInput, k: &RoundOne, full: bool) -> (Acting, String) {
    match k {
        RoundOne::Acting(k) => describe_order(fighters, k, full, &format!("nobody acts in {} 1", fighters.beat.word())),
        RoundOne::Undetermined => {
            (Acting::Undetermined, "undetermined: a surprise roll past the successes followed".to_string())
        }
    }
}
