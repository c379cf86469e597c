//! Surprise (seed 004): the hiders' Stealth against each creature's passive Perception, the
//! lowest Stealth deciding; its odds, one part per creature. 5e judges it as here; 5e2024
//! judges the same hiders and lowest Stealth by its own rule.

use super::creature::{Creature, is_one};
use crate::dice::{Dice, Roll};
use crate::odds::{Dist, Fallback, Method, Odds, dist_of};
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde::Serialize;

/// How Stealth equal to passive Perception is ruled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StealthTies {
    #[default]
    Noticed,
    Surprised,
}

/// A hider's Stealth: a total already known, or d20 + modifier rolled now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stealth {
    Total(i32),
    Rolls(i32),
}

#[derive(Clone, Debug)]
pub struct Hider {
    pub name: String,
    pub stealth: Stealth,
}

#[derive(Clone, Debug)]
pub struct SurpriseInput {
    pub sides: Vec<String>,
    pub creatures: Vec<Creature>,
    /// Creatures on the ambushing side: they hide and are never checked.
    pub hiding: Vec<bool>,
    pub hiders: Vec<Hider>,
    pub ties: StealthTies,
    /// `--both-surprised`: nobody hides; everyone on every side is surprised.
    pub both_surprised: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct HiderStealth<'a> {
    pub name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub modifier: Option<i32>,
    pub stealth: i32,
}

/// Why a creature is or is not surprised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// On the ambushing side: hides, is not checked.
    Hiding,
    /// Alert feat: cannot be surprised.
    Alert,
    /// Passive Perception at least the lowest Stealth (a tie only when ruled so).
    Noticed,
    /// Every hider's Stealth beats its passive Perception (or a tie ruled surprised).
    NotNoticed,
    /// `--both-surprised`.
    BothSurprised,
}

/// One creature's surprise: what [`judge`] decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Judgement {
    pub surprised: bool,
    pub borderline: bool,
    pub reason: Reason,
}

/// One creature's surprise, in either edition: who it is and the passive Perception it was
/// checked with (none for a hider), then `J`, how the edition judged it.
#[derive(Clone, Debug, Serialize)]
pub struct CreatureSurprise<'a, J = Judged> {
    pub name: &'a str,
    pub side: &'a str,
    #[serde(skip_serializing_if = "is_one")]
    pub count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passive_perception: Option<i32>,
    #[serde(flatten)]
    pub judged: J,
}

impl<'a, J> CreatureSurprise<'a, J> {
    /// Creature `i` of `input`, judged `judged`.
    pub fn new(input: &'a SurpriseInput, i: usize, judged: J) -> Self {
        let c = &input.creatures[i];
        CreatureSurprise {
            name: &c.name,
            side: &input.sides[c.side],
            count: c.count,
            passive_perception: (!input.hiding[i]).then_some(c.per),
            judged,
        }
    }
}

/// How the 2014 rules judged a creature: [`Judgement`], with the Stealth it was compared with.
#[derive(Clone, Debug, Serialize)]
pub struct Judged {
    /// The lowest hider's Stealth it was checked against.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stealth: Option<i32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub alert: bool,
    pub surprised: bool,
    pub borderline: bool,
    pub reason: Reason,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    NoneSurprised,
    Surprised,
    BothSidesSurprised,
    /// PHB p.189: nobody tries to hide, so every side notices the other and nobody is surprised.
    NobodyHides,
}

/// PHB p.189: with nobody hiding (no Stealth given), nobody is surprised.
pub const NOBODY_HIDES: &str = "nobody hides, so nobody is surprised: straight to initiative";

/// seed 004: what being surprised costs.
pub const SURPRISED_EFFECT: &str = "a surprised creature cannot move or act on its first turn and cannot take \
                                    reactions until that turn ends; hidden attackers have advantage against it";
/// seed 004: surprise on both sides.
pub const BOTH_EFFECT: &str = "everyone surprised loses the first round; who cannot be surprised acts in it";

#[derive(Clone, Debug, Serialize)]
pub struct SurpriseOutcome<'a> {
    /// The first side, the party's: the text colours surprise as it takes it.
    #[serde(skip)]
    pub party: &'a str,
    pub stealth_ties: StealthTies,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub both_surprised: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hiders: Vec<HiderStealth<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lowest_stealth: Option<i32>,
    pub creatures: Vec<CreatureSurprise<'a>>,
    pub verdict: Verdict,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<&'static str>,
}

impl SurpriseOutcome<'_> {
    /// Whether each creature (by index) is surprised.
    pub fn surprised(&self) -> Vec<bool> {
        self.creatures.iter().map(|c| c.judged.surprised).collect()
    }
}

/// A hider's Stealth for this fight: the total given, or d20 + modifier rolled now.
pub fn roll_hider<'a>(hider: &'a Hider, dice: &mut dyn Dice) -> HiderStealth<'a> {
    match hider.stealth {
        Stealth::Total(total) => HiderStealth { name: &hider.name, roll: None, modifier: None, stealth: total },
        Stealth::Rolls(modifier) => {
            let roll = dice.roll(1, 20);
            HiderStealth {
                name: &hider.name,
                roll: Some(roll),
                modifier: Some(modifier),
                stealth: roll.total as i32 + modifier,
            }
        }
    }
}

/// seed 004: a creature is surprised when the hiders' Stealth is higher than its passive
/// Perception; it notices the threat if it notices any hider, so the lowest Stealth decides.
/// Equal is the referee's call (`--stealth-ties`), marked borderline. Alert: never surprised.
pub fn judge(input: &SurpriseInput, creature: usize, lowest: Option<i32>) -> Judgement {
    let c = &input.creatures[creature];
    let (surprised, borderline, reason) = if c.alert && !input.hiding[creature] {
        (false, false, Reason::Alert)
    } else if input.both_surprised {
        (true, false, Reason::BothSurprised)
    } else if input.hiding[creature] {
        (false, false, Reason::Hiding)
    } else {
        match lowest {
            Some(s) if s > c.per => (true, false, Reason::NotNoticed),
            Some(s) if s == c.per => match input.ties {
                StealthTies::Noticed => (false, true, Reason::Noticed),
                StealthTies::Surprised => (true, true, Reason::NotNoticed),
            },
            _ => (false, false, Reason::Noticed),
        }
    };
    Judgement { surprised, borderline, reason }
}

impl Rule for SurpriseInput {
    type Outcome<'a> = SurpriseOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let input = self;
        let hiders: Vec<HiderStealth<'a>> = input.hiders.iter().map(|h| roll_hider(h, dice)).collect();
        let lowest = hiders.iter().map(|h| h.stealth).min();
        let creatures: Vec<CreatureSurprise<'a>> = input
            .creatures
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let j = judge(input, i, lowest);
                let checked = matches!(j.reason, Reason::Noticed | Reason::NotNoticed);
                let stealth = if checked { lowest } else { None };
                let judged = Judged {
                    stealth,
                    alert: c.alert,
                    surprised: j.surprised,
                    borderline: j.borderline,
                    reason: j.reason,
                };
                CreatureSurprise::new(input, i, judged)
            })
            .collect();
        let any = creatures.iter().any(|c| c.judged.surprised);
        let (verdict, effect) = match (any, input.both_surprised) {
            (false, false) if input.hiders.is_empty() => (Verdict::NobodyHides, None),
            (false, _) => (Verdict::NoneSurprised, None),
            (true, false) => (Verdict::Surprised, Some(SURPRISED_EFFECT)),
            (true, true) => (Verdict::BothSidesSurprised, Some(BOTH_EFFECT)),
        };
        SurpriseOutcome {
            party: input.sides.first().map_or("", String::as_str),
            stealth_ties: input.ties,
            both_surprised: input.both_surprised,
            hiders,
            lowest_stealth: lowest,
            creatures,
            verdict,
            effect,
        }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let mut odds = Odds::default();
        push_surprise_parts(&mut odds, input, fallback);
        note_given_stealth(&mut odds, input);
        odds
    }
}

/// The distribution of the lowest hider's Stealth, each hider rolled by [`roll_hider`]. Hiders
/// roll independently, so the lowest is at least s when every hider's is; hiders alike (the
/// same Stealth) are counted once.
pub fn lowest_stealth_dist(input: &SurpriseInput, fallback: Fallback, method: &mut Method) -> Dist<Option<i32>> {
    if input.hiders.is_empty() {
        return Dist::point(None);
    }
    let mut kinds: Vec<(Stealth, usize, Dist<i32>)> = Vec::new();
    for hider in &input.hiders {
        match kinds.iter_mut().find(|(s, _, _)| *s == hider.stealth) {
            Some((_, count, _)) => *count += 1,
            None => kinds.push((hider.stealth, 1, dist_of(|d| roll_hider(hider, d).stealth, fallback, method))),
        }
    }
    let mut values: Vec<i32> = kinds.iter().flat_map(|(_, _, d)| d.iter().map(|(s, _)| *s)).collect();
    values.sort_unstable();
    values.dedup();
    // at_least[k]: the chance that every hider's Stealth is values[k] or more.
    let at_least: Vec<Prob> = values
        .iter()
        .map(|&v| kinds.iter().fold(Prob::one(), |acc, (_, count, d)| acc.mul(&d.prob(|&s| s >= v).pow(*count))))
        .collect();
    Dist::from_pairs(values.iter().enumerate().map(|(k, &v)| {
        let above = at_least.get(k + 1).cloned().unwrap_or_else(Prob::zero);
        (Some(v), at_least[k].sub(&above))
    }))
}

/// Each creature's judgement as a distribution.
fn judgement_dists(input: &SurpriseInput, fallback: Fallback, method: &mut Method) -> Vec<Dist<Judgement>> {
    let lowest = lowest_stealth_dist(input, fallback, method);
    (0..input.creatures.len()).map(|i| lowest.map(|&l| judge(input, i, l))).collect()
}

/// A creature's judgement as its odds give it (keys in alphabetical order, as the odds have
/// always written them).
#[derive(Clone, Copy, Debug, Serialize)]
struct Caught {
    borderline: bool,
    surprised: bool,
}

fn describe_judgement(j: &Judgement) -> (Caught, String) {
    let label = match (j.reason, j.borderline) {
        (Reason::Hiding, _) => "hides: not checked".to_string(),
        (Reason::Alert, _) => "never surprised (Alert)".to_string(),
        (Reason::BothSurprised, _) => "surprised (both sides)".to_string(),
        (_, true) if j.surprised => "surprised, borderline (Stealth = passive Perception)".to_string(),
        (_, true) => "noticed, borderline (Stealth = passive Perception)".to_string(),
        (_, false) if j.surprised => "surprised".to_string(),
        _ => "noticed".to_string(),
    };
    (Caught { borderline: j.borderline, surprised: j.surprised }, label)
}

pub(super) fn push_surprise_parts(odds: &mut Odds, input: &SurpriseInput, fallback: Fallback) {
    let mut method = Method::exact(fallback);
    let dists = judgement_dists(input, fallback, &mut method);
    for (i, dist) in dists.iter().enumerate() {
        if input.hiding[i] && !input.both_surprised {
            continue;
        }
        let c = &input.creatures[i];
        let title =
            if c.alert { format!("{} (Alert)", c.name) } else { format!("{} (passive Perception {})", c.name, c.per) };
        odds.push(Some(&c.name), title, dist, method, describe_judgement);
    }
}

/// Says so when no hider rolls: every outcome is then certain.
pub fn note_given_stealth(odds: &mut Odds, input: &SurpriseInput) {
    if input.hiders.is_empty() && !input.both_surprised {
        odds.note(NOBODY_HIDES);
    } else if input.hiders.iter().all(|h| matches!(h.stealth, Stealth::Total(_))) {
        odds.note("every Stealth is a given total: nothing is rolled, so each outcome is certain");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::rulesets::family::fifth::fixtures::{ambush, fallback, part};

    fn verdicts<'a>(out: &SurpriseOutcome<'a>) -> Vec<(&'a str, bool, bool)> {
        out.creatures.iter().map(|c| (c.name, c.judged.surprised, c.judged.borderline)).collect()
    }

    const PARTY: [(&str, i32); 4] = [("Elf", 16), ("Fighter", 12), ("Wizard", 10), ("Halfling", 14)];

    #[test]
    fn seed_004_goblin_ambush() {
        // Four goblins with passive Stealth 14.
        let input = ambush(&PARTY, vec![Stealth::Total(14)], StealthTies::Noticed);
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert_eq!(
            verdicts(&out),
            [("Elf", false, false), ("Fighter", true, false), ("Wizard", true, false), ("Halfling", false, true)]
        );
        assert_eq!(out.verdict, Verdict::Surprised);
        assert_eq!(out.effect, Some(SURPRISED_EFFECT));
        // The halfling is the referee's call: ruled the other way, surprised, still borderline.
        let input = ambush(&PARTY, vec![Stealth::Total(14)], StealthTies::Surprised);
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert!(out.creatures[3].judged.surprised && out.creatures[3].judged.borderline);
    }

    #[test]
    fn noticing_any_hider_is_enough() {
        let input = ambush(&PARTY, vec![Stealth::Total(20), Stealth::Total(11)], StealthTies::Noticed);
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert_eq!(out.lowest_stealth, Some(11));
        assert_eq!(
            verdicts(&out),
            [("Elf", false, false), ("Fighter", false, false), ("Wizard", true, false), ("Halfling", false, false)]
        );
    }

    #[test]
    fn alert_creatures_are_never_surprised() {
        let mut input = ambush(&[("Rogue", 1)], vec![Stealth::Total(30)], StealthTies::Surprised);
        input.creatures[0].alert = true;
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert_eq!((out.creatures[0].judged.surprised, out.creatures[0].judged.reason), (false, Reason::Alert));
        assert_eq!(out.verdict, Verdict::NoneSurprised);
        input.both_surprised = true;
        input.hiders.clear();
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert_eq!(out.creatures[0].judged.reason, Reason::Alert);
    }

    #[test]
    fn both_sides_surprised_lose_the_first_round() {
        let mut input = ambush(&[("Elf", 30), ("Orc", 1)], Vec::new(), StealthTies::Noticed);
        input.both_surprised = true;
        input.creatures[1].side = 1;
        let out = Rule::roll(&input, &mut SeededDice::new(1));
        assert!(out.creatures.iter().all(|c| c.judged.surprised && c.judged.reason == Reason::BothSurprised));
        assert_eq!((out.verdict, out.effect), (Verdict::BothSidesSurprised, Some(BOTH_EFFECT)));
    }

    #[test]
    fn rolled_stealth_odds_by_hand() {
        // d20 + 0 against passive Perception 10: above 10 on 11-20, equal on 10.
        let input = ambush(&[("Elf", 10)], vec![Stealth::Rolls(0)], StealthTies::Noticed);
        let odds = Rule::odds(&input, fallback());
        assert_eq!(
            part(&odds, "Elf"),
            ["noticed 9/20", "noticed, borderline (Stealth = passive Perception) 1/20", "surprised 1/2"]
        );
        // Two such hiders: surprised only if both beat 10, (1/2)^2; the lowest equals 10 with
        // (11/20)^2 - (10/20)^2 = 21/400.
        let input = ambush(&[("Elf", 10)], vec![Stealth::Rolls(0), Stealth::Rolls(0)], StealthTies::Surprised);
        let odds = Rule::odds(&input, fallback());
        assert_eq!(
            part(&odds, "Elf"),
            ["noticed 279/400", "surprised 1/4", "surprised, borderline (Stealth = passive Perception) 21/400"]
        );
        // Given totals only: certain.
        let input = ambush(&PARTY, vec![Stealth::Total(14)], StealthTies::Noticed);
        let odds = Rule::odds(&input, fallback());
        assert_eq!(part(&odds, "Fighter"), ["surprised 1"]);
        assert_eq!(part(&odds, "Halfling"), ["noticed, borderline (Stealth = passive Perception) 1"]);
    }
}
