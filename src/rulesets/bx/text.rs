//! Text for the bx procedures; where bx runs the family's rule (ose's too), the family's text
//! shows it.

use super::{distance::*, encounter::*, initiative::*, pursue::*, surprise::*, terrain::*};
use crate::fight::{Absence, Entry, Opening, rolled_words};
use crate::outcome::join;
use crate::render::ties::tie_line;
use crate::render::{Palette, Report, block, modifiers, pad, step, width};
use crate::rulesets::family::basic::text::{
    acting_order, initiative_lines, reaction_lines, side_opening, surprise_lines,
};
use crate::rulesets::family::basic::{Chase, InitNote};
use std::fmt::Write as _;

impl Report for SurpriseOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        self.0.text(p, out);
    }

    fn headline(&self, out: &mut String) {
        surprised_headline(&self.0, out);
    }
}

/// The surprised sides joined by commas, or `none`.
fn surprised_headline(s: &crate::rulesets::family::basic::SurpriseOutcome, out: &mut String) {
    let surprised: Vec<&str> = s.sides.iter().filter(|x| x.surprised).map(|x| x.name).collect();
    out.push_str(if surprised.is_empty() { "none".to_string() } else { surprised.join(",") }.as_str());
}

fn rolled_distance(d: &DistanceOutcome, p: &Palette) -> String {
    let mut line = match d.yards {
        Some(yards) => format!(
            "{} × {} yards = {}",
            p.roll(&d.roll),
            d.scale,
            p.total(format_args!("{yards} yards ({}′)", d.feet))
        ),
        None => format!("{} × {}′ = {}", p.roll(&d.roll), d.scale, p.total(format_args!("{}′", d.feet))),
    };
    let _ = write!(line, "  {}", p.dim(d.terrain.word()));
    match (d.surprised, d.terrain) {
        (false, _) => {}
        (true, Terrain::Dungeon) => line.push_str(&p.dim(", surprise (no nearer underground)").to_string()),
        (true, _) => line.push_str(&p.dim(", shortened by surprise").to_string()),
    }
    line
}

impl Report for DistanceOutcome {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &[rolled_distance(self, p)]);
    }

    fn headline(&self, out: &mut String) {
        let _ = write!(out, "{}", self.feet);
    }
}

/// The sides' order, then the slow weapons that act after every side.
fn side_initiative_lines(i: &SideInitiativeOutcome, p: &Palette) -> Vec<String> {
    let mut lines = initiative_lines(&i.sides, p);
    if !i.slow_last.is_empty() {
        let names: Vec<&str> = i.slow_last.iter().map(|s| s.name.as_str()).collect();
        lines.push(format!("→ {} {}", p.warn("slow weapons act last, after every side:"), join(&names)));
    }
    lines
}

impl Report for SideInitiativeOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &side_initiative_lines(self, p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&acting_order(&self.sides.order));
    }

    fn opening(&self) -> Option<Opening> {
        Some(sides_then_slow(self))
    }
}

/// The sides in acting order, then each combatant with a slow weapon in a place of its own
/// (OSE SRD, Combat: slow weapons act last in a round, after every side).
fn sides_then_slow(initiative: &SideInitiativeOutcome) -> Opening {
    let mut opening = side_opening(&initiative.sides);
    for slow in &initiative.slow_last {
        let rolled = Some("slow weapon: acts last".to_string());
        opening.entries.push(Entry { side: Some(slow.side.clone()), rolled, ..Entry::new(&slow.name, None) });
    }
    opening
}

impl Report for IndividualOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        let mut lines = Vec::new();
        if self.notes.contains(&InitNote::AllSurprised) {
            lines.push(p.dim("every side is surprised: nobody has the advantage, so all roll").to_string());
        }
        let names = width(self.order.iter().map(|a| a.name));
        let sides = width(self.order.iter().map(|a| a.side));
        for (k, acting) in self.order.iter().enumerate() {
            let mut line = format!("{}. ", acting.place);
            pad(&mut line, p.name(acting.name), names);
            line.push_str("  ");
            pad(&mut line, p.dim(acting.side), sides);
            line.push_str("  ");
            match acting.roll {
                Some(roll) => {
                    let _ = write!(line, "{}", p.roll(&roll));
                    modifiers(&mut line, p, acting.modifiers);
                    let _ = write!(line, " = {}", p.total(acting.total));
                }
                None => {
                    let _ = write!(line, "{} {}", p.total(acting.total), p.dim("given"));
                }
            }
            if acting.slow {
                let _ = write!(line, "  {}", p.dim("slow weapon: acts last"));
            }
            // Those acting together share a place and stand side by side in the order.
            let shares = |other: Option<&Acting>| other.is_some_and(|o| o.place == acting.place);
            if shares(k.checked_sub(1).and_then(|j| self.order.get(j))) || shares(self.order.get(k + 1)) {
                let _ = write!(line, "  {}", p.dim("simultaneous"));
            }
            lines.push(line);
        }
        lines.extend(self.ties.iter().map(|tie| tie_line(p, format_args!("tie at {}", tie.total), tie)));
        if !self.surprised.is_empty() {
            let sides: Vec<&str> = self.surprised.iter().map(String::as_str).collect();
            lines.push(p.dim(format_args!("{} surprised: no roll", join(&sides))).to_string());
        }
        block(out, p, &lines);
    }

    fn opening(&self) -> Option<Opening> {
        let entries = self
            .order
            .iter()
            .enumerate()
            .map(|(k, acting)| {
                let modifiers = acting.modifiers.iter().map(|m| (i64::from(m.value), m.source.as_str()));
                Entry {
                    rolled: rolled_words(acting.roll.as_ref(), acting.given, modifiers),
                    together: k > 0 && self.order[k - 1].place == acting.place,
                    ..Entry::new(acting.name, Some(acting.total.into()))
                }
            })
            .collect();
        // seed 000: the combatants of a surprised side cannot act in the free round.
        let absences = self.surprised.iter().map(|side| Absence::until(side, "surprised", 2)).collect();
        Some(Opening { entries, absences, words: None, doc: None })
    }

    fn headline(&self, out: &mut String) {
        for (k, acting) in self.order.iter().enumerate() {
            if k > 0 {
                out.push(if self.order[k - 1].place == acting.place { '+' } else { ',' });
            }
            out.push_str(acting.name);
        }
    }
}

impl Report for PursueOutcome {
    fn text(&self, p: &Palette, out: &mut String) {
        match self {
            PursueOutcome::Outrun(o) => block(
                out,
                p,
                &[
                    format!("quarry runs {}′ a round; pursuers run {}′", o.quarry, o.pursuer),
                    format!("→ {}", p.good("escaped: the quarry is faster, so the evasion succeeds at once")),
                ],
            ),
            PursueOutcome::Dungeon(d) => {
                d.chase.text(p, out);
                if d.exhausted {
                    block(
                        out,
                        p,
                        &[p.dim(format_args!(
                            "after {EXHAUSTING_ROUNDS} rounds of running both sides are exhausted: \
                             −2 to attacks, damage and AC until they rest three turns"
                        ))
                        .to_string()],
                    );
                }
            }
            PursueOutcome::Wilderness(w) => block(out, p, &wilderness_lines(w, p)),
            PursueOutcome::Waterborne(w) => block(out, p, &waterborne_lines(w, p)),
        }
    }

    fn headline(&self, out: &mut String) {
        let (outcome, round) = self.end();
        let _ = write!(out, "{} {round}", outcome.word());
    }
}

/// `evasion 50% (table) +25 quarry at least twice as fast = 75%`
fn chance_line(c: &EvasionChance, p: &Palette) -> String {
    match (c.surprised, c.base) {
        (Some(Surprised::Pursuers), _) => "the pursuers were surprised: the quarry gets away".to_string(),
        (Some(Surprised::Quarry), _) if c.chance == 0 => "the quarry was surprised: it may not evade".to_string(),
        (Some(Surprised::Quarry), _) => {
            format!("the quarry was surprised: only the referee's {}", p.total(format_args!("{}%", c.chance)))
        }
        (None, base) => {
            let mut line = format!("evasion {}% by the sizes of the groups", base.unwrap_or(0));
            if !c.modifiers.is_empty() {
                modifiers(&mut line, p, &c.modifiers);
                let _ = write!(line, " = {}", p.total(format_args!("{}%", c.chance)));
            }
            if c.floor {
                let _ = write!(line, " {}", p.dim("(never below 5%)"));
            }
            line
        }
    }
}

fn wilderness_lines(w: &WildernessChase, p: &Palette) -> Vec<String> {
    let mut lines =
        vec![format!("{} fleeing at {}′, {} pursuing at {}′", w.quarry_count, w.quarry, w.pursuer_count, w.pursuer)];
    lines.push(chance_line(&w.chance, p));
    if let Some(later) = &w.later_chance {
        lines.push(format!("from day 2: {}", chance_line(later, p)));
    }
    if w.faster_pursuers {
        lines.push(p.dim("the pursuers are faster: they catch a quarry that fails to evade on 50%").to_string());
    }
    let chance_of =
        |day: u32| if day == 1 { w.chance.chance } else { w.later_chance.as_ref().unwrap_or(&w.chance).chance };
    for day in &w.days {
        let mut line = format!("day {:<3}", day.day);
        match day.evasion {
            Some(roll) => {
                let sign = if day.evaded { "≤" } else { ">" };
                let _ = write!(line, " {} {sign} {}%", p.roll(&roll), chance_of(day.day));
            }
            None => line.push_str(if day.evaded { " no roll needed" } else { " no evasion possible" }),
        }
        if day.evaded {
            let _ = write!(line, "  {}", p.good("evades"));
        } else {
            let _ = write!(line, "  {}", p.bad("fails"));
        }
        if let Some(roll) = day.catch {
            let sign = if day.caught { "≤" } else { ">" };
            let verdict = if day.caught { p.bad("caught").to_string() } else { p.good("not caught").to_string() };
            let _ = write!(line, "; {} {sign} 50%  {verdict}", p.roll(&roll));
        }
        lines.push(line);
    }
    let verdict = match w.outcome {
        Chase::Escaped => p.good(format_args!("escaped on day {}", w.day)).to_string(),
        Chase::Caught => p.bad(format_args!("caught on day {}", w.day)).to_string(),
        _ => p.warn(format_args!("still pursued after day {} — referee decides", w.day)).to_string(),
    };
    lines.push(format!("→ {verdict}"));
    lines
}

fn waterborne_lines(w: &WaterborneChase, p: &Palette) -> Vec<String> {
    let row = match w.band {
        "faster" => "the fleeing vessel is faster".to_string(),
        "over_120" => "the fleeing vessel is slower by more than 120′".to_string(),
        band => format!("the fleeing vessel is slower by {}′", band.replace('-', "–")),
    };
    let mut lines = vec![
        format!("fleeing vessel {}′ a round, pursuer {}′: {row}, evasion {}%", w.quarry, w.pursuer, w.chance),
        format!(
            "{} {} {}%  {}",
            p.roll(&w.evasion),
            if w.evaded { "≤" } else { ">" },
            w.chance,
            if w.evaded { p.good("evades").to_string() } else { p.bad("fails: a chase").to_string() }
        ),
    ];
    if !w.evaded {
        match (&w.start, w.start_gap) {
            (Some(d), _) => lines.push(format!("start gap {}", rolled_distance(d, p))),
            (None, Some(gap)) => lines.push(format!("start gap {gap}′")),
            (None, None) => {}
        }
        if let Some(closing) = w.closing {
            lines.push(p.dim(format_args!("the gap closes {closing}′ a round")).to_string());
        }
        for r in &w.rounds {
            lines.push(format!("round {:<3} gap {}", r.round, p.total(format_args!("{}′", r.gap))));
        }
    }
    let verdict = match (w.outcome, w.round) {
        (Chase::Escaped, _) => p.good("escaped: the vessel gets away, no chase").to_string(),
        (Chase::Caught, 0) => p.bad("caught at the start (round 0): the gap is 0").to_string(),
        (Chase::Caught, round) => p.bad(format_args!("caught in round {round}")).to_string(),
        (_, round) => p
            .warn(format_args!("still running after round {round}, gap {}′ — referee decides", w.gap.unwrap_or(0)))
            .to_string(),
    };
    lines.push(format!("→ {verdict}"));
    lines
}

impl Report for EncounterOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        step(out, p, 1, "surprise", &surprise_lines(&self.surprise, p));
        step(out, p, 2, "distance", &[rolled_distance(&self.distance, p)]);
        step(out, p, 3, "initiative", &side_initiative_lines(&self.initiative, p));
        step(out, p, 4, "reaction", &reaction_lines(&self.reaction, p));
        step(out, p, 5, "conclusion", &[self.conclusion.to_string()]);
    }

    fn opening(&self) -> Option<Opening> {
        Some(sides_then_slow(&self.initiative))
    }

    fn headline(&self, out: &mut String) {
        out.push_str("surprised=");
        surprised_headline(&self.surprise, out);
        let _ = write!(out, " feet={} order=", self.distance.feet);
        out.push_str(&acting_order(&self.initiative.sides.order));
        // Each key once (SPEC §1): the reactions of several sides share one.
        let totals: Vec<String> = self.reaction.iter().map(|r| r.reaction.total.to_string()).collect();
        let _ = write!(out, " reaction={}", totals.join(","));
    }
}
