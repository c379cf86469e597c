//! The steps `encounter` may add around a ruleset's own sequence: the check for a wandering
//! monster before it (no monster, no encounter) and a morale check after it. Each is the
//! ruleset's own rule, shown as its own step in text, YAML and JSON, its odds a part of their
//! own.

use crate::dice::Dice;
use crate::odds::{Fallback, Odds};
use crate::render::{Palette, Report, quiet_field};
use crate::rulesets::Rule;
use crate::rulesets::wandering::{WanderingInput, WanderingOutcome};
use serde::Serialize;

/// The column the steps' text starts at, as the encounters' own steps (`  1 awareness   `).
const STEP_COLUMN: usize = 16;

/// A ruleset's encounter `E`, with a wandering-monster check before it and a morale check `M`
/// after it, each where asked for.
pub struct Steps<'r, E, M> {
    pub wandering: Option<WanderingInput>,
    pub encounter: &'r E,
    pub morale: Option<M>,
}

#[derive(Serialize)]
pub struct StepsOutcome<W, E, M> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wandering: Option<W>,
    /// The encounter's own steps; none when no wandering monster came.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub encounter: Option<E>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub morale: Option<M>,
}

impl<E: Rule, M: Rule> Rule for Steps<'_, E, M> {
    type Outcome<'a>
        = StepsOutcome<WanderingOutcome<'a>, E::Outcome<'a>, M::Outcome<'a>>
    where
        Self: 'a;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let wandering = self.wandering.as_ref().map(|w| Rule::roll(w, dice));
        if wandering.as_ref().is_some_and(|w| !w.encounter) {
            return StepsOutcome { wandering, encounter: None, morale: None };
        }
        let encounter = Some(self.encounter.roll(dice));
        let morale = self.morale.as_ref().map(|m| m.roll(dice));
        StepsOutcome { wandering, encounter, morale }
    }

    /// The wandering check, then the encounter's steps (given that it happens), then the
    /// morale check.
    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        if let Some(wandering) = &self.wandering {
            let check = WanderingInput { checks: 1, ..wandering.clone() };
            let one = Rule::odds(&check, fallback);
            append(&mut odds, one, "wandering");
            odds.note("the steps after the wandering check are given that a monster is met");
        }
        let inner = self.encounter.odds(fallback);
        append(&mut odds, inner, "");
        if let Some(morale) = &self.morale {
            append(&mut odds, morale.odds(fallback), "morale");
        }
        odds
    }
}

/// Adds `more` to `odds`, its parts named under `prefix` (`morale`, `morale: Ogre`); an empty
/// prefix keeps their names.
pub fn append(odds: &mut Odds, more: Odds, prefix: &str) {
    let rename = |part: Option<String>| -> Option<String> {
        match (prefix, part) {
            ("", part) => part,
            (prefix, None) => Some(prefix.to_string()),
            (prefix, Some(part)) => Some(format!("{prefix}: {part}")),
        }
    };
    let offset = odds.entries.len();
    for mut part in more.parts {
        part.part = rename(part.part);
        part.entries = part.entries.start + offset..part.entries.end + offset;
        odds.parts.push(part);
    }
    for mut entry in more.entries {
        entry.part = rename(entry.part);
        odds.entries.push(entry);
    }
    if more.trials.is_some() {
        odds.trials = odds.trials.max(more.trials);
        odds.seed = more.seed;
    }
    odds.notes.extend(more.notes);
}

/// Writes `label` in the step column and `lines` after it, one under the other.
fn step(out: &mut String, p: &Palette, label: &str, lines: &[String]) {
    for (i, line) in lines.iter().enumerate() {
        let lead = if i == 0 { format!("  {label:<width$}", width = STEP_COLUMN - 2) } else { " ".repeat(STEP_COLUMN) };
        p.line(out, &lead, line);
    }
}

/// The text lines of a step's own report, its two-space indent taken off.
pub fn lines_of<T: Report>(outcome: &T, p: &Palette) -> Vec<String> {
    let mut text = String::new();
    outcome.text(&p.with_width(p.width.saturating_sub(STEP_COLUMN - 2).max(20)), &mut text);
    text.lines().map(|l| l.strip_prefix("  ").unwrap_or(l).to_string()).collect()
}

impl<W: Report, E: Report, M: Report> Report for StepsOutcome<W, E, M>
where
    W: AsWandering,
{
    fn text(&self, p: &Palette, out: &mut String) {
        self.text_after(p, out, &mut |_| {});
    }

    /// The wandering check first: the table's roll (what is met) follows only a monster met.
    fn text_after(&self, p: &Palette, out: &mut String, before: &mut dyn FnMut(&mut String)) {
        if let Some(w) = &self.wandering {
            let mut lines = lines_of(w, p);
            if self.encounter.is_none() {
                lines.push(p.good("→ no encounter: the steps stop here").to_string());
            }
            step(out, p, "wandering", &lines);
        }
        if let Some(e) = &self.encounter {
            before(out);
            e.text(p, out);
        }
        if let Some(m) = &self.morale {
            step(out, p, "morale", &lines_of(m, p));
        }
    }

    fn headline(&self, out: &mut String) {
        if let Some(w) = &self.wandering {
            quiet_field(out, "wandering", if w.met() { "yes" } else { "no" });
        }
        if let Some(e) = &self.encounter {
            let mut inner = String::new();
            e.headline(&mut inner);
            if !inner.is_empty() {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(&inner);
            }
        }
        if let Some(m) = &self.morale {
            let mut broken = String::new();
            m.headline(&mut broken);
            quiet_field(out, "morale", broken);
        }
    }
}

/// Whether a wandering check brought a monster, for the `-q` line.
pub trait AsWandering {
    fn met(&self) -> bool;
}

impl AsWandering for WanderingOutcome<'_> {
    fn met(&self) -> bool {
        self.encounter
    }
}

/// The wandering step `encounter --wandering` asks for (`roll`), from `--terrain` and
/// `--chance` read by the ruleset's `input`; refuses those flags without `--wandering`, and an
/// outdoor encounter without its terrain when the ruleset's check goes by terrain
/// (`by_terrain`).
pub fn wandering_step(
    roll: bool,
    terrain: Option<&str>,
    chance: Option<u32>,
    outdoors: bool,
    by_terrain: bool,
    input: impl Fn(Option<&str>, Option<u32>) -> crate::error::Result<WanderingInput>,
) -> crate::error::Result<Option<WanderingInput>> {
    use crate::error::Error;
    if !roll {
        let given = if terrain.is_some() { Some("--terrain") } else { chance.map(|_| "--chance") };
        return match given {
            Some(flag) => {
                Err(Error::usage(format!("{flag} is for the wandering-monster check"))
                    .hint("add --wandering, or drop it"))
            }
            None => Ok(None),
        };
    }
    if by_terrain && outdoors && terrain.is_none() {
        return Err(Error::usage("the wilderness check for a wandering monster goes by terrain")
            .hint("give --terrain, e.g. --terrain forest (fray wandering --help lists them)"));
    }
    input(terrain, chance).map(Some)
}

/// Refuses the morale flags of `encounter` without `--morale` (`roll`): `given` pairs each of
/// the ruleset's with whether it was given.
pub fn check_morale_flags(roll: bool, given: &[(&str, bool)]) -> crate::error::Result<()> {
    match given.iter().find_map(|(flag, given)| given.then_some(flag)) {
        Some(flag) if !roll => {
            Err(crate::error::Error::usage(format!("{flag} is for the morale check")).hint("add --morale, or drop it"))
        }
        _ => Ok(()),
    }
}
