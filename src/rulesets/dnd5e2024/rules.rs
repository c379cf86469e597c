//! D&D 2024 revision (SRD 5.2): surprise through the Hide action's DC and passive Perception,
//! initiative as a Dexterity check with the surprised at Disadvantage and the Alert feat's
//! proficiency bonus and swap, and the 2024 DMG's encounter distance by travel terrain.
//!
//! Where the 2024 rule is the 2014 one, the family's code in [`crate::rulesets::family::fifth`]
//! does the work: the hiders' Stealth and the lowest of it, each contender's d20 (Advantage,
//! Disadvantage, a score) and the ranking with its Dex tie-break and roll-off, the exact
//! first-place and full-order odds, and the distance roll.

use crate::dice::Dice;
use crate::odds::{Dist, Fallback, Method, Odds};
use crate::outcome::Modifier;
use crate::rulesets::Rule;
use crate::rulesets::family::fifth::{
    self, Contender, HiderStealth, InitRoll, RollMode, Sighting, SurpriseInput, Variant, roll_contender, roll_hider,
};
use serde::Serialize;

// ------------------------------------------------------------------------------------------
// Encounter distance

/// 2024 DMG, Travel Terrain: how far off an encounter begins in each terrain.
pub static TERRAINS: &[Sighting] = &[
    Sighting::new("arctic", &[], 6, 6, 10),
    Sighting::new("coastal", &[], 2, 10, 10),
    Sighting::new("desert", &["deserts"], 6, 6, 10),
    Sighting::new("forest", &["forests"], 2, 8, 10),
    Sighting::new("grassland", &["grasslands"], 6, 6, 10),
    Sighting::new("hill", &["hills"], 2, 10, 10),
    Sighting::new("mountain", &["mountains"], 4, 10, 10),
    Sighting::new("swamp", &["swamps"], 2, 8, 10),
    Sighting::new("underdark", &[], 2, 6, 10),
    Sighting::new("urban", &[], 2, 6, 10),
    Sighting::new("waterborne", &[], 6, 6, 10),
];

// ------------------------------------------------------------------------------------------
// Surprise

/// SRD 5.2, Hide action: hiding takes a Dexterity (Stealth) check of DC 15 or more.
pub const HIDE_DC: i32 = 15;

/// SRD 5.2, Initiative: what being surprised costs.
pub const SURPRISED_EFFECT: &str = "a surprised creature has Disadvantage on its Initiative roll";

/// Why a creature is or is not surprised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// On the ambushing side: hides, is not checked.
    Hiding,
    /// A hider's Stealth is below the Hide DC: the ambush is seen.
    NotHidden,
    /// Passive Perception meets or beats the lowest Stealth.
    Noticed,
    /// Every hider's Stealth beats its passive Perception.
    NotNoticed,
}

impl Reason {
    pub fn surprised(self) -> bool {
        self == Reason::NotNoticed
    }
}

/// The 2014 seed 004 comparison with two 2024 changes: Stealth below DC 15 hides nobody, and
/// the Stealth total is the DC to find the hider, so passive Perception equal to it notices
/// (SRD 5.2, D20 Tests: a total that equals the DC succeeds). The 2024 Alert feat gives no
/// protection from surprise (SRD 5.2, Alert: Initiative Proficiency and Initiative Swap only).
pub fn judge(input: &SurpriseInput, creature: usize, lowest: Option<i32>) -> Reason {
    if input.hiding[creature] {
        return Reason::Hiding;
    }
    match lowest {
        Some(stealth) if stealth < HIDE_DC => Reason::NotHidden,
        Some(stealth) if stealth > input.creatures[creature].per => Reason::NotNoticed,
        _ => Reason::Noticed,
    }
}

/// A hider's Stealth and whether it is enough to hide.
#[derive(Clone, Debug, Serialize)]
pub struct Hider<'a> {
    #[serde(flatten)]
    pub stealth: HiderStealth<'a>,
    pub hidden: bool,
}

/// How the 2024 rules judged a creature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Judged {
    pub surprised: bool,
    pub reason: Reason,
}

pub type CreatureSurprise<'a> = fifth::CreatureSurprise<'a, Judged>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// A hider's Stealth is below the Hide DC: nobody is surprised.
    NotHidden,
    NoneSurprised,
    Surprised,
    /// SRD 5.2 (Surprise): only a combatant caught by a hidden foe is surprised; nobody hides.
    NobodyHides,
}

#[derive(Clone, Debug, Serialize)]
pub struct SurpriseOutcome<'a> {
    /// The first side, the party's: the text colours surprise as it takes it.
    #[serde(skip)]
    pub party: &'a str,
    pub hide_dc: i32,
    pub hiders: Vec<Hider<'a>>,
    pub lowest_stealth: Option<i32>,
    pub verdict: Verdict,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<&'static str>,
    pub creatures: Vec<CreatureSurprise<'a>>,
}

/// A creature's reason as its odds give it (keys in alphabetical order, as the odds have always
/// written them).
#[derive(Clone, Copy, Debug, Serialize)]
struct Reasoned {
    reason: Reason,
    surprised: bool,
}

fn describe_reason(reason: &Reason) -> (Reasoned, String) {
    let label = match reason {
        Reason::Hiding => "hides: not checked",
        Reason::NotHidden => "not surprised: a hider's Stealth is below DC 15",
        Reason::Noticed => "noticed",
        Reason::NotNoticed => "surprised",
    };
    (Reasoned { reason: *reason, surprised: reason.surprised() }, label.to_string())
}

/// Each creature's reason as a distribution over the lowest Stealth (the 2014 enumeration).
fn reason_dists(input: &SurpriseInput, fallback: Fallback, method: &mut Method) -> Vec<Dist<Reason>> {
    let lowest = fifth::lowest_stealth_dist(input, fallback, method);
    (0..input.creatures.len()).map(|i| lowest.map(|&l| judge(input, i, l))).collect()
}

fn push_surprise_parts(odds: &mut Odds, input: &SurpriseInput, fallback: Fallback) {
    let mut method = Method::exact(fallback);
    for (i, dist) in reason_dists(input, fallback, &mut method).iter().enumerate() {
        if input.hiding[i] {
            continue;
        }
        let c = &input.creatures[i];
        odds.push(Some(&c.name), format!("{} (passive Perception {})", c.name, c.per), dist, method, describe_reason);
    }
}

/// The 2024 surprise rule over the 2014 input.
#[derive(Clone, Copy, Debug)]
pub struct Surprise<'s>(pub &'s SurpriseInput);

impl<'s> Rule for Surprise<'s> {
    type Outcome<'a>
        = SurpriseOutcome<'s>
    where
        Self: 'a;

    /// The hiders roll (or give) their Stealth; each creature is judged against the lowest.
    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> SurpriseOutcome<'s> {
        let input = self.0;
        let hiders: Vec<Hider<'s>> = input
            .hiders
            .iter()
            .map(|h| {
                let stealth = roll_hider(h, dice);
                Hider { hidden: stealth.stealth >= HIDE_DC, stealth }
            })
            .collect();
        let lowest = hiders.iter().map(|h| h.stealth.stealth).min();
        let creatures: Vec<CreatureSurprise<'s>> = (0..input.creatures.len())
            .map(|i| {
                let reason = judge(input, i, lowest);
                CreatureSurprise::new(input, i, Judged { surprised: reason.surprised(), reason })
            })
            .collect();
        let verdict = if hiders.is_empty() {
            Verdict::NobodyHides
        } else if hiders.iter().any(|h| !h.hidden) {
            Verdict::NotHidden
        } else if creatures.iter().any(|c| c.judged.surprised) {
            Verdict::Surprised
        } else {
            Verdict::NoneSurprised
        };
        let effect = (verdict == Verdict::Surprised).then_some(SURPRISED_EFFECT);
        let party = input.sides.first().map_or("", String::as_str);
        SurpriseOutcome { party, hide_dc: HIDE_DC, hiders, lowest_stealth: lowest, verdict, effect, creatures }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self.0;
        let mut odds = Odds::default();
        push_surprise_parts(&mut odds, input, fallback);
        fifth::note_given_stealth(&mut odds, input);
        odds
    }
}

// ------------------------------------------------------------------------------------------
// Initiative

/// What 2024 adds to a creature's initiative.
#[derive(Clone, Copy, Debug, Default)]
pub struct Additions {
    /// `pb=N`: the proficiency bonus, which `alert` adds to initiative.
    pub pb: Option<i32>,
    /// `surprised`: rolls with Disadvantage (the initiative command; encounter decides it).
    pub surprised: bool,
}

#[derive(Clone, Debug)]
pub struct InitiativeInput {
    /// The 2014 lineup: standard or score, the sides, each creature's Dex and initiative
    /// modifiers, `alert` and `adv`/`dis`.
    pub lineup: fifth::InitiativeInput,
    /// Each creature's [`Additions`], in the same order.
    pub additions: Vec<Additions>,
    /// `--swap ALERT:ALLY`, by index: the two exchange totals right after rolling.
    pub swaps: Vec<(usize, usize)>,
}

/// The rule ready to roll: every fighter's contender, as it rolls unsurprised and surprised.
#[derive(Clone, Debug)]
pub struct Lineup {
    pub variant: Variant,
    /// `[unsurprised, surprised]`, each one contender per fighter.
    pub contenders: [Vec<Contender>; 2],
    pub swaps: Vec<(usize, usize)>,
    /// The `surprised` keys (the initiative command; in an encounter the surprise roll decides).
    pub surprised: Vec<bool>,
}

impl Lineup {
    /// How many fighters it ranks.
    pub fn fighters(&self) -> usize {
        self.contenders[0].len()
    }

    pub fn new(input: &InitiativeInput) -> Lineup {
        Lineup {
            variant: input.lineup.variant,
            contenders: [contenders(input, false), contenders(input, true)],
            swaps: input.swaps.clone(),
            surprised: input.additions.iter().map(|a| a.surprised).collect(),
        }
    }

    /// Each fighter's contender, `surprised` choosing which.
    fn chosen<'a>(&'a self, surprised: &[bool]) -> Vec<&'a Contender> {
        (0..self.fighters()).map(|i| &self.contenders[usize::from(surprised[i])][i]).collect()
    }

    /// The 2014 shape of this lineup, for the 2014 odds: each swapped pair trades how it rolls
    /// (dice and modifiers) and keeps its name and Dex, which is what trading totals amounts to.
    pub fn as_2014(&self, surprised: &[bool]) -> fifth::Initiative {
        let mut contenders: Vec<Contender> = self.chosen(surprised).into_iter().cloned().collect();
        for &(a, b) in &self.swaps {
            let (low, high) = contenders.split_at_mut(a.max(b));
            let (one, other) = (&mut low[a.min(b)], &mut high[0]);
            std::mem::swap(&mut one.die, &mut other.die);
            std::mem::swap(&mut one.base, &mut other.base);
            std::mem::swap(&mut one.modifiers, &mut other.modifiers);
        }
        fifth::Initiative { variant: self.variant, rounds: 1, contenders }
    }
}

/// SRD 5.2: initiative is a Dexterity check, d20 + the Dex modifier (or a stat block's
/// initiative modifier); the family's code builds it with Alert's 2014 bonus left out and the
/// surprised given Disadvantage, which cancels with Advantage. Alert (2024) adds the
/// proficiency bonus. A score is 10 + modifier, ±5 for Advantage or Disadvantage.
fn contenders(input: &InitiativeInput, surprised: bool) -> Vec<Contender> {
    let mut lineup = input.lineup.clone();
    for c in &mut lineup.creatures {
        let dis = surprised || matches!(c.mode, RollMode::Disadvantage | RollMode::Cancelled);
        let adv = matches!(c.mode, RollMode::Advantage | RollMode::Cancelled);
        c.mode = RollMode::from_keys(adv, dis);
        c.alert = false;
    }
    let mut contenders = fifth::contenders(&lineup);
    for ((c, added), creature) in contenders.iter_mut().zip(&input.additions).zip(&input.lineup.creatures) {
        if creature.alert && !c.given {
            // SRD 5.2, Alert: add your Proficiency Bonus when you roll Initiative.
            c.modifiers.insert(1, Modifier::new(added.pb.unwrap_or(0), "Alert (proficiency bonus)"));
        }
    }
    contenders
}

/// How a place came about beyond the 2014 entry: a total given, or swapped.
#[derive(Clone, Debug, Serialize)]
pub struct Place<'a> {
    #[serde(flatten)]
    pub place: fifth::Place<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swapped: Option<Swapped<'a>>,
}

/// An Alert swap: the other party, and the total this one rolled before it.
#[derive(Clone, Debug, Serialize)]
pub struct Swapped<'a> {
    pub with: &'a str,
    pub rolled: i32,
}

/// The acting order, in the 2014 shape with 2024's places (and no rounds).
pub type InitiativeOutcome<'a> = fifth::InitiativeOutcome<'a, Place<'a>>;

/// A lineup's initiative, the creatures `surprised` marks rolling with Disadvantage: the
/// `surprised` keys on the initiative command, the surprise roll in an encounter.
pub struct Initiative<'l> {
    pub lineup: &'l Lineup,
    pub surprised: Vec<bool>,
}

impl<'l> Rule for Initiative<'l> {
    type Outcome<'a>
        = InitiativeOutcome<'l>
    where
        Self: 'a;

    /// Everyone rolls (the surprised with Disadvantage), each Alert swap trades totals at once
    /// (SRD 5.2, Alert: immediately after rolling), then the 2014 ranking settles the order:
    /// highest first, ties to the higher Dex, then a d20 roll-off (the rules leave ties to the GM).
    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> InitiativeOutcome<'l> {
        let (ini, surprised) = (self.lineup, &self.surprised[..]);
        let chosen = ini.chosen(surprised);
        let rolled: Vec<InitRoll> = chosen.iter().map(|c| roll_contender(c, dice)).collect();
        let mut totals: Vec<i32> = rolled.iter().map(|r| r.total).collect();
        let mut partner: Vec<Option<usize>> = vec![None; chosen.len()];
        for &(a, b) in &ini.swaps {
            totals.swap(a, b);
            partner[a] = Some(b);
            partner[b] = Some(a);
        }
        let dex: Vec<Option<i32>> = chosen.iter().map(|c| c.tie_key()).collect();
        let ranking = fifth::settle(&totals, &dex, dice);
        let order = ranking
            .order
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let mut place = fifth::place(k + 1, i, chosen[i], rolled[i], totals[i]);
                place.surprised = Some(surprised[i]);
                let swapped = partner[i].map(|j| Swapped { with: &chosen[j].name, rolled: rolled[i].total });
                Place { place, swapped }
            })
            .collect();
        let ties = ranking.named_ties(|i| totals[i], |i| chosen[i].name.as_str());
        InitiativeOutcome { variant: ini.variant, order, ties, rounds: Vec::new() }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Rule::odds(&self.lineup.as_2014(&self.surprised), fallback);
        swap_note(&mut odds, self.lineup);
        odds
    }
}

fn swap_note(odds: &mut Odds, ini: &Lineup) {
    for &(a, b) in &ini.swaps {
        let names = (&ini.contenders[0][a].name, &ini.contenders[0][b].name);
        odds.note(format!("{} and {} trade totals right after rolling (Alert)", names.0, names.1));
    }
}

/// A 2024 chase's acting order: the initiative command's roll.
impl crate::rulesets::family::fifth::chase::TurnOrder for Lineup {
    type Rolled<'a> = InitiativeOutcome<'a>;

    fn roll_order<'a>(&'a self, dice: &mut dyn Dice) -> (InitiativeOutcome<'a>, Vec<usize>) {
        let rolled = Initiative { lineup: self, surprised: self.surprised.clone() }.roll(dice);
        let order = rolled.order.iter().map(|p| p.place.contender).collect();
        (rolled, order)
    }
}

// ------------------------------------------------------------------------------------------
// Encounter

/// Surprise, then initiative (its `surprised` unused: the surprise step decides).
pub type EncounterInput = fifth::EncounterInput<Lineup>;

pub type EncounterOutcome<'a> = fifth::EncounterOutcome<'a, SurpriseOutcome<'a>, InitiativeOutcome<'a>>;

impl Rule for EncounterInput {
    type Outcome<'a> = EncounterOutcome<'a>;

    /// Surprise, then initiative with the surprised at Disadvantage.
    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> EncounterOutcome<'a> {
        let surprise = Surprise(&self.surprise).roll(dice);
        let surprised: Vec<bool> = surprise.creatures.iter().map(|c| c.judged.surprised).collect();
        let initiative = Initiative { lineup: &self.initiative, surprised }.roll(dice);
        // SRD 5.2: the surprised lose no turn, so the first in the order acts first.
        let first_to_act = initiative.order.first().map(|p| p.place.name);
        EncounterOutcome { surprise, initiative, first_to_act }
    }

    /// Each creature's surprise, then who acts first (and the whole order for a small cast),
    /// each set of surprised creatures weighted by its probability and rolled with its
    /// Disadvantage.
    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        push_surprise_parts(&mut odds, &self.surprise, fallback);
        let mut method = Method::exact(fallback);
        let lowest = fifth::lowest_stealth_dist(&self.surprise, fallback, &mut method);
        let sets: Dist<Vec<bool>> = lowest
            .map(|&l| (0..self.surprise.creatures.len()).map(|i| judge(&self.surprise, i, l).surprised()).collect());
        let ini = &self.initiative;
        let all = vec![true; ini.fighters()];
        let first = sets.and_then(|set| {
            let lineup = ini.as_2014(set);
            let totals = fifth::total_dists(&lineup, fallback, &mut method);
            fifth::first_odds(&lineup, &totals, &all, fallback, &mut method)
        });
        let names = ini.as_2014(&ini.surprised);
        odds.push(Some("first to act"), "who acts first", &first, method, |f| {
            fifth::describe_first(&names, f, "acts first")
        });
        if ini.fighters() <= fifth::FULL_ORDER {
            let order = sets.and_then(|set| {
                let lineup = ini.as_2014(set);
                let totals = fifth::total_dists(&lineup, fallback, &mut method);
                fifth::order_dist(&lineup, &totals, fallback, &mut method)
            });
            odds.push(Some("order"), "acting order", &order, method, |o| fifth::describe_order(&names, o));
        }
        swap_note(&mut odds, ini);
        odds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::odds::enumerate;
    use crate::prob::Prob;
    use crate::rulesets::dnd5e2024::odds_check::{ambush, fighter, lineup};
    use crate::rulesets::family::fifth::Stealth;

    /// One creature per passive Perception, all on the party's side.
    fn perceivers(pers: &[i32]) -> Vec<(fifth::Creature, Additions)> {
        pers.iter().enumerate().map(|(i, &per)| fighter(&format!("C{i}"), 0, |c, _| c.per = per)).collect()
    }

    #[test]
    fn hiding_needs_dc_15_and_meeting_the_stealth_notices() {
        let reasons = |stealth: i32| {
            let input = ambush(&perceivers(&[1, 14, 15, 16]), vec![Stealth::Total(stealth)]);
            (0..4).map(|i| judge(&input, i, Some(stealth))).collect::<Vec<_>>()
        };
        assert_eq!(reasons(14), [Reason::NotHidden; 4]);
        use Reason::{NotNoticed, Noticed};
        assert_eq!(reasons(15), [NotNoticed, NotNoticed, Noticed, Noticed]);
        // Two hiders: one below the DC spoils the ambush for everyone.
        let input = ambush(&perceivers(&[1]), vec![Stealth::Total(20), Stealth::Total(12)]);
        let out = Surprise(&input).roll(&mut SeededDice::new(1));
        assert_eq!((out.verdict, out.creatures[0].judged.surprised), (Verdict::NotHidden, false));
        assert_eq!(out.hiders.iter().map(|h| h.hidden).collect::<Vec<_>>(), [true, false]);
    }

    #[test]
    fn alert_gives_no_protection_from_surprise() {
        let mut input = ambush(&perceivers(&[10]), vec![Stealth::Total(18)]);
        input.creatures[0].alert = true;
        assert!(Surprise(&input).roll(&mut SeededDice::new(1)).creatures[0].judged.surprised);
    }

    #[test]
    fn the_surprised_roll_with_disadvantage_which_advantage_cancels() {
        let ini = lineup(
            Variant::Standard,
            &[
                fighter("A", 0, |_, _| {}),
                fighter("B", 0, |c, _| c.mode = RollMode::Advantage),
                fighter("C", 0, |c, _| c.mode = RollMode::Disadvantage),
            ],
            vec![],
        );
        let modes = |k: usize| ini.contenders[k].iter().map(|c| c.die).collect::<Vec<_>>();
        assert_eq!(modes(0), [Some(RollMode::Normal), Some(RollMode::Advantage), Some(RollMode::Disadvantage)]);
        assert_eq!(modes(1), [Some(RollMode::Disadvantage), Some(RollMode::Cancelled), Some(RollMode::Disadvantage)]);
    }

    #[test]
    fn alert_adds_the_proficiency_bonus_and_a_given_total_stands() {
        let ini = lineup(
            Variant::Standard,
            &[
                fighter("Rogue", 0, |c, a| {
                    c.dex = 4;
                    c.alert = true;
                    a.pb = Some(3);
                }),
                fighter("Bard", 0, |c, _| c.given = Some(17)),
            ],
            vec![],
        );
        let rogue: Vec<(i32, &str)> =
            ini.contenders[0][0].modifiers.iter().map(|m| (m.value, m.source.as_str())).collect();
        assert_eq!(rogue, [(4, "Dex"), (3, "Alert (proficiency bonus)")]);
        let out = Initiative { lineup: &ini, surprised: vec![false, true] }.roll(&mut SeededDice::new(4));
        let bard = out.order.iter().find(|p| p.place.name == "Bard").unwrap();
        assert_eq!((bard.place.total, bard.place.given, bard.place.rolls.len()), (17, true, 0));
    }

    #[test]
    fn a_swap_trades_totals_by_hand() {
        // Rogue (d20 + 2) trades with Fighter (d20): Rogue now acts first as Fighter would
        // have, 81/200 (Fighter beats d20 + 2 by 3 or more 153/400, half of a 2-point lead 9/400).
        let pair = lineup(
            Variant::Standard,
            &[
                fighter("Rogue", 0, |c, a| {
                    c.alert = true;
                    a.pb = Some(2);
                }),
                fighter("Fighter", 0, |_, _| {}),
            ],
            vec![(0, 1)],
        );
        let first =
            enumerate(|d| Initiative { lineup: &pair, surprised: vec![false, false] }.roll(d).order[0].place.contender)
                .unwrap();
        assert_eq!(first.prob(|w| *w == 0), Prob::new(81, 200));
    }
}
