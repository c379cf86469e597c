//! Initiative: the variants of the Dungeon Master's Guide (seed 002): standard, initiative
//! score, side initiative and speed factor. 5e2024's initiative ranks its rolls through the
//! same contenders, settling and odds.
//!
//! Every variant is one shape: contenders (combatants, `*COUNT` groups or sides) each get a
//! total from [`roll_contender`], and [`settle`] orders them: highest first, then higher Dex,
//! then a d20 roll-off. The odds use the same two functions: each contender's total is
//! enumerated on its own, and who acts first follows from those distributions exactly.

use super::creature::{Creature, RollMode, is_one};
use super::speed_factor::Action;
use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of};
use crate::order::budget::DND5E_FIRST_ESTIMATE;
use crate::order::full::full_orders;
use crate::order::odds::{Line, PLACES_NOT_LISTED, Rival, first_or_estimate, places_in, push_places, standings};
use crate::order::{self, KeyName, Ranking, Settle, Tie, TieKey};
use crate::outcome::{Modifier, sum};
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;

pub use crate::order::budget::FULL_ORDER;

/// The Dungeon Master's Guide initiative variants (seed 002), and the standard rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// d20 + initiative modifier, once for the fight.
    #[default]
    Standard,
    /// No roll: 10 + initiative modifier.
    Score,
    /// One d20 per side, no modifiers.
    Side,
    /// d20 + modifiers for the declared action and size, every round.
    Speed,
}

impl Variant {
    pub fn words(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Score => "initiative score",
            Variant::Side => "side initiative",
            Variant::Speed => "speed factor",
        }
    }
}

#[derive(Clone, Debug)]
pub struct InitiativeInput {
    pub variant: Variant,
    pub sides: Vec<String>,
    pub creatures: Vec<Creature>,
    /// Rounds to roll (speed factor; 1 otherwise).
    pub rounds: u32,
}

/// A creature named inside a side's turn (side initiative).
#[derive(Clone, Debug)]
pub struct MemberRef {
    pub name: String,
    pub count: u32,
    pub creature: usize,
}

/// Whatever rolls for a place in the order: a creature, a `*COUNT` group, or a side.
#[derive(Clone, Debug)]
pub struct Contender {
    pub name: String,
    pub count: u32,
    pub side: Option<String>,
    /// The creature it is (none for a side).
    pub creature: Option<usize>,
    /// The creatures acting in its turn (side initiative).
    pub members: Vec<MemberRef>,
    /// Breaks ties before the roll-off; sides have none and go straight to the roll-off.
    pub dex: Option<i32>,
    /// The Dexterity score, where given (`dex-score=N`): it breaks ties among equal modifiers.
    pub dex_score: Option<i32>,
    /// How its d20 is rolled; `None` when nothing is rolled (initiative score).
    pub die: Option<RollMode>,
    /// 10 for an initiative score, else 0.
    pub base: i32,
    pub modifiers: Vec<Modifier>,
    pub action: Option<Action>,
    /// Its total was given (`initiative=N`, in `base`): nothing is rolled or added.
    pub given: bool,
}

/// The contenders of `input`, with every modifier named.
pub fn contenders(input: &InitiativeInput) -> Vec<Contender> {
    if input.variant == Variant::Side {
        return side_contenders(input);
    }
    input.creatures.iter().enumerate().map(|(i, c)| creature_contender(input, i, c)).collect()
}

/// Side initiative: each side one contender, its creatures its members.
fn side_contenders(input: &InitiativeInput) -> Vec<Contender> {
    input
        .sides
        .iter()
        .enumerate()
        .map(|(s, name)| Contender {
            name: name.clone(),
            count: 1,
            side: None,
            creature: None,
            members: input
                .creatures
                .iter()
                .enumerate()
                .filter(|(_, c)| c.side == s)
                .map(|(i, c)| MemberRef { name: c.name.clone(), count: c.count, creature: i })
                .collect(),
            dex: None,
            dex_score: None,
            // seed 002: side initiative, no roll gets a modifier.
            die: Some(RollMode::Normal),
            base: 0,
            modifiers: Vec::new(),
            action: None,
            given: false,
        })
        .collect()
}

/// Creature `i`, `c`, as a contender of `input`'s variant, with every modifier named.
fn creature_contender(input: &InitiativeInput, i: usize, c: &Creature) -> Contender {
    let mut modifiers = vec![c.init_modifier()];
    if c.alert {
        modifiers.push(Modifier::new(5, "Alert"));
    }
    let (mut die, mut base) = match input.variant {
        Variant::Score => {
            // seed 002: a passive Dex check, 10 + modifier; PHB: advantage on a
            // passive check is +5, disadvantage −5.
            match c.mode {
                RollMode::Advantage => modifiers.push(Modifier::new(5, "advantage (passive check)")),
                RollMode::Disadvantage => modifiers.push(Modifier::new(-5, "disadvantage (passive check)")),
                _ => {}
            }
            (None, 10)
        }
        _ => (Some(c.mode), 0),
    };
    let mut action = None;
    if input.variant == Variant::Speed {
        if let Some(a) = &c.action {
            modifiers.extend(a.modifiers.iter().cloned());
            action = Some(a.clone());
        }
        if c.size.modifier() != 0 {
            modifiers.push(Modifier::new(c.size.modifier(), format!("{} size", c.size.word())));
        }
    }
    if let Some(total) = c.given {
        // A total rolled at the table stands as given.
        (die, base, action) = (None, total, None);
        modifiers.clear();
    }
    Contender {
        name: c.name.clone(),
        count: c.count,
        side: Some(input.sides[c.side].clone()),
        creature: Some(i),
        members: Vec::new(),
        dex: Some(c.dex),
        dex_score: c.dex_score,
        die,
        base,
        modifiers,
        action,
        given: c.given.is_some(),
    }
}

/// One contender's roll: the d20s rolled, the one kept, the total.
#[derive(Clone, Copy, Debug)]
pub struct InitRoll {
    pub rolls: [Option<Roll>; 2],
    pub d20: Option<u32>,
    pub total: i32,
}

/// The d20s of one roll, in the order rolled, and the one kept.
#[derive(Clone, Copy, Debug)]
pub struct D20s {
    pub rolls: [Option<Roll>; 2],
    pub kept: Roll,
    /// The other die, with advantage or disadvantage.
    pub dropped: Option<Roll>,
}

/// PHB: one d20; with advantage or disadvantage two, each rolled on its own, the higher or the
/// lower kept (the first on a tie); both cancel, and one d20 is rolled.
pub fn roll_d20s(mode: RollMode, dice: &mut dyn Dice) -> D20s {
    let first = dice.roll(1, 20);
    let second = match mode {
        RollMode::Advantage | RollMode::Disadvantage => dice.roll(1, 20),
        _ => return D20s { rolls: [Some(first), None], kept: first, dropped: None },
    };
    let second_kept = if mode == RollMode::Advantage { second.total > first.total } else { second.total < first.total };
    let (kept, dropped) = if second_kept { (second, first) } else { (first, second) };
    D20s { rolls: [Some(first), Some(second)], kept, dropped: Some(dropped) }
}

/// seed 002 and the PHB: d20 (two kept higher or lower with advantage or disadvantage) plus
/// modifiers; an initiative score rolls nothing.
pub fn roll_contender(c: &Contender, dice: &mut dyn Dice) -> InitRoll {
    let (rolls, d20) = match c.die {
        None => ([None, None], None),
        Some(mode) => {
            let d = roll_d20s(mode, dice);
            (d.rolls, Some(d.kept.total))
        }
    };
    InitRoll { rolls, d20, total: c.base + d20.map_or(0, |f| f as i32) + sum(&c.modifiers) }
}

/// The Dex modifier as a tie-break key.
pub static DEX: KeyName = KeyName { id: "dex", words: "Dex" };

impl Contender {
    /// What breaks its ties before the roll-off, higher first: the DMG's higher Dexterity score.
    /// The modifier orders scores by itself (a higher modifier means a higher score); among equal
    /// modifiers a given `dex-score` decides, and a creature without one counts as the middle of
    /// its modifier's two scores (modifier +1: scores 12–13, counted 12.5). Sides have none.
    pub fn tie_key(&self) -> Option<i32> {
        self.dex.map(|modifier| {
            let doubled_score = self.dex_score.map_or(4 * modifier + 21, |score| 2 * score);
            modifier * 1000 + doubled_score
        })
    }
}

/// seed 002: highest total first; ties go to the higher Dex, then a die decides (a d20
/// roll-off, re-rolled until every place is settled). Sides have no Dex and go straight to
/// the roll-off.
pub fn settle(totals: &[i32], dex: &[Option<i32>], dice: &mut dyn Dice) -> Ranking {
    let who: Vec<usize> = (0..totals.len()).collect();
    let dex_key = |i: usize| dex[i].map_or(i64::MIN, i64::from);
    order::rank(&who, |i| totals[i], &[TieKey { name: &DEX, value: &dex_key }], Settle::RollOff(20), dice)
}

/// The rule ready to roll: the variant's contenders built once.
#[derive(Clone, Debug)]
pub struct Initiative {
    pub variant: Variant,
    pub rounds: u32,
    pub contenders: Vec<Contender>,
}

impl Initiative {
    pub fn new(input: &InitiativeInput) -> Initiative {
        Initiative {
            variant: input.variant,
            rounds: if input.variant == Variant::Speed { input.rounds.max(1) } else { 1 },
            contenders: contenders(input),
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Member<'a> {
    pub name: &'a str,
    #[serde(skip_serializing_if = "is_one")]
    pub count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surprised: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loses_first_turn: Option<bool>,
}

/// One entry of the acting order.
#[derive(Clone, Debug, Serialize)]
pub struct Place<'a> {
    /// 1-based acting position.
    pub place: usize,
    pub name: &'a str,
    /// The initiative number.
    pub total: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'a str>,
    #[serde(skip_serializing_if = "is_one")]
    pub count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dex: Option<i32>,
    /// 10 for an initiative score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<i32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Roll>,
    #[serde(skip_serializing_if = "RollMode::is_normal")]
    pub mode: RollMode,
    /// The d20 kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub d20: Option<u32>,
    #[serde(skip_serializing_if = "<[Modifier]>::is_empty")]
    pub modifiers: &'a [Modifier],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<&'a Action>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Member<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surprised: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loses_first_turn: Option<bool>,
    /// The total was given (`initiative=N`), not rolled.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub given: bool,
    /// Index of the contender, for marking.
    #[serde(skip)]
    pub contender: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct RoundOrder<'a> {
    pub round: u32,
    pub order: Vec<Place<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Tie<'a, i32>>,
}

/// The acting order; `P`, its entries, is [`Place`] here and a place with more to say in 5e2024.
#[derive(Clone, Debug, Serialize)]
pub struct InitiativeOutcome<'a, P = Place<'a>> {
    pub variant: Variant,
    /// The acting order (round 1's for the speed factor).
    pub order: Vec<P>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Tie<'a, i32>>,
    /// Speed factor: every round's order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundOrder<'a>>,
}

/// Every contender rolls, then [`settle`] orders them.
fn roll_round(ini: &Initiative, dice: &mut dyn Dice) -> (Vec<InitRoll>, Ranking) {
    let rolled: Vec<InitRoll> = ini.contenders.iter().map(|c| roll_contender(c, dice)).collect();
    let totals: Vec<i32> = rolled.iter().map(|r| r.total).collect();
    let dex: Vec<Option<i32>> = ini.contenders.iter().map(Contender::tie_key).collect();
    let ranking = settle(&totals, &dex, dice);
    (rolled, ranking)
}

/// The entry at 1-based `place` for contender `i`, which rolled `r` and has `total`.
pub fn place(place: usize, i: usize, c: &Contender, r: InitRoll, total: i32) -> Place<'_> {
    Place {
        place,
        name: &c.name,
        total,
        side: c.side.as_deref(),
        count: c.count,
        dex: c.dex,
        base: (c.base != 0 && !c.given).then_some(c.base),
        rolls: r.rolls.iter().flatten().copied().collect(),
        mode: c.die.unwrap_or_default(),
        d20: r.d20,
        modifiers: &c.modifiers,
        action: c.action.as_ref(),
        members: c
            .members
            .iter()
            .map(|m| Member { name: &m.name, count: m.count, surprised: None, loses_first_turn: None })
            .collect(),
        surprised: None,
        loses_first_turn: None,
        given: c.given,
        contender: i,
    }
}

fn round<'a>(ini: &'a Initiative, dice: &mut dyn Dice) -> (Vec<Place<'a>>, Vec<Tie<'a, i32>>) {
    let (rolled, ranking) = roll_round(ini, dice);
    let places = ranking
        .order
        .iter()
        .enumerate()
        .map(|(k, &i)| place(k + 1, i, &ini.contenders[i], rolled[i], rolled[i].total))
        .collect();
    let ties = ranking.named_ties(|i| rolled[i].total, |i| ini.contenders[i].name.as_str());
    (places, ties)
}

/// seed 002 / PHB: every variant's acting order; the speed factor re-rolls every round.
impl Rule for Initiative {
    type Outcome<'a> = InitiativeOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let (order, ties) = round(self, dice);
        let mut rounds = Vec::new();
        if self.variant == Variant::Speed {
            rounds.push(RoundOrder { round: 1, order: order.clone(), ties: ties.clone() });
            for r in 2..=self.rounds {
                let (order, ties) = round(self, dice);
                rounds.push(RoundOrder { round: r, order, ties });
            }
        }
        InitiativeOutcome { variant: self.variant, order, ties, rounds }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let ini = self;
        let mut odds = Odds::default();
        push_initiative_parts(&mut odds, ini, fallback);
        odds
    }
}

/// Each contender's total as a distribution, enumerated from [`roll_contender`].
/// Contenders that roll the same way with the same net modifier share one enumeration.
pub fn total_dists(ini: &Initiative, fallback: Fallback, method: &mut Method) -> Vec<Dist<i32>> {
    let mut seen: std::collections::BTreeMap<(Option<RollMode>, i32), Dist<i32>> = std::collections::BTreeMap::new();
    ini.contenders
        .iter()
        .map(|c| {
            let shape = (c.die, c.base + sum(&c.modifiers));
            if let Some(dist) = seen.get(&shape) {
                return dist.clone();
            }
            let dist = dist_of(|d| roll_contender(c, d).total, fallback, method);
            seen.insert(shape, dist.clone());
            dist
        })
        .collect()
}

/// Who acts first among the contenders `among` selects: exact when the cast is small enough
/// (see [`first_dist`]), else estimated from seeded runs of `initiative` itself.
pub fn first_odds(
    ini: &Initiative,
    totals: &[Dist<i32>],
    among: &[bool],
    fallback: Fallback,
    method: &mut Method,
) -> Dist<Option<usize>> {
    let run = |d: &mut dyn Dice| {
        let (_, ranking) = roll_round(ini, d);
        ranking.order.into_iter().find(|&i| among[i])
    };
    first_or_estimate(&rivals(ini, totals, among), Settle::RollOff(20), DND5E_FIRST_ESTIMATE, fallback, method, run)
}

/// The contenders as the ranking odds see them: each total's distribution, Dex to break ties
/// (sides have none and go straight to the roll-off), and whether `among` lets it act.
fn rivals(ini: &Initiative, totals: &[Dist<i32>], among: &[bool]) -> Vec<Rival> {
    ini.contenders
        .iter()
        .zip(totals)
        .enumerate()
        .map(|(i, (c, dist))| Rival {
            totals: dist.iter().map(|(t, p)| (i64::from(*t), p.clone())).collect(),
            keys: vec![c.tie_key().map_or(i64::MIN, i64::from)],
            present: if among.get(i).copied().unwrap_or(false) { Prob::one() } else { Prob::zero() },
        })
        .collect()
}

/// Who acts first among the contenders `among` selects, exactly: contender i is first when
/// every other has a lower total, or the same total and lower Dex, or ties it on both and
/// loses the roll-off — the comparison [`settle`] makes — worked out from each contender's
/// totals by [`order::odds::first`]; `None` when the cast is too large for exact fractions.
pub fn first_dist(ini: &Initiative, totals: &[Dist<i32>], among: &[bool]) -> Option<Dist<Option<usize>>> {
    order::odds::first(&rivals(ini, totals, among), Settle::RollOff(20))
}

/// The full acting order, exactly: every combination of totals, settled by [`settle`]
/// ([`full_orders`]: counted in whole outcomes of each contender's d20s; only combinations with
/// a tie go through the roll-off's odds).
pub fn order_dist(ini: &Initiative, totals: &[Dist<i32>], fallback: Fallback, method: &mut Method) -> Dist<Vec<usize>> {
    let dex: Vec<Option<i32>> = ini.contenders.iter().map(Contender::tie_key).collect();
    // The equally likely outcomes of each contender's dice.
    let outcomes: Vec<u64> = ini
        .contenders
        .iter()
        .map(|c| match c.die {
            None => 1,
            Some(RollMode::Advantage | RollMode::Disadvantage) => 400,
            Some(_) => 20,
        })
        .collect();
    let rank = |t: &[i64], d: &mut dyn Dice| {
        let t: Vec<i32> = t.iter().map(|&x| x as i32).collect();
        settle(&t, &dex, d).order
    };
    let all = vec![true; ini.contenders.len()];
    match full_orders(&rivals(ini, totals, &all), &outcomes, fallback, method, rank) {
        Some(orders) => orders,
        None => {
            *method = Method { trials: Some(fallback.trials), seed: fallback.seed };
            crate::odds::simulate(|d| roll_round(ini, d).1.order, fallback.trials, fallback.seed)
        }
    }
}

pub fn describe_first(ini: &Initiative, first: &Option<usize>, suffix: &str) -> (Option<String>, String) {
    match first {
        Some(i) => {
            let name = &ini.contenders[*i].name;
            (Some(name.clone()), format!("{name} {suffix}"))
        }
        None => (None, "nobody: everyone is surprised".to_string()),
    }
}

pub fn describe_order(ini: &Initiative, order: &[usize]) -> (Vec<String>, String) {
    let names: Vec<String> = order.iter().map(|&i| ini.contenders[i].name.clone()).collect();
    let words = names.join(", then ");
    (names, words)
}

/// Who acts first; then the full order when there are at most [`FULL_ORDER`] contenders, else
/// each contender's place.
pub(super) fn push_initiative_parts(odds: &mut Odds, ini: &Initiative, fallback: Fallback) -> Vec<Dist<i32>> {
    let mut method = Method::exact(fallback);
    let totals = total_dists(ini, fallback, &mut method);
    let n = ini.contenders.len();
    let all = vec![true; n];
    let round = if ini.variant == Variant::Speed { " in round 1" } else { "" };
    let first_title = format!("who acts first{round}");
    if n <= FULL_ORDER {
        let first = first_odds(ini, &totals, &all, fallback, &mut method);
        odds.push(Some("first"), first_title, &first, method, |f| describe_first(ini, f, "first"));
        let order = order_dist(ini, &totals, fallback, &mut method);
        odds.push(Some("order"), format!("acting order{round}"), &order, method, |o| describe_order(ini, o));
    } else {
        let run = |d: &mut dyn Dice| places_in(&roll_round(ini, d).1.order, n);
        let standing = standings(&rivals(ini, &totals, &all), 20, n, fallback, run);
        let mut first_method = method;
        first_method.absorb(standing.first_method);
        odds.push(Some("first"), first_title, &standing.first, first_method, |f| describe_first(ini, f, "first"));
        match standing.places {
            Some(mut places) => {
                // Exact only while every contender's totals are.
                places.method.absorb(method);
                let lines: Vec<Line> = ini.contenders.iter().enumerate().map(|(i, c)| Line::one(&c.name, i)).collect();
                push_places(odds, &places, &lines, "does not act");
            }
            None => odds.note(PLACES_NOT_LISTED),
        }
    }
    if ini.variant == Variant::Speed && ini.rounds > 1 {
        odds.note("the speed factor is rolled anew every round with the same actions: every round has these odds");
    }
    totals
}

#[cfg(test)]
mod tests;
