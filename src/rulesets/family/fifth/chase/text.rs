//! Text for a chase: who runs, the initiative, then round by round every turn, every roll to
//! Dash, every complication and every roll to slip away, and how it ended.

use super::*;
use crate::render::{Palette, Report, Signed, block, pad, width};
use std::fmt::Write as _;

/// `1d20 (12) +7 = 19`, `2×1d20 (12, 5) advantage → 12 +7 = 19`, with 2024's exhaustion
/// penalty; a bare `1d20 (12)` when nothing is added.
pub fn d20_text(d: &D20, p: &Palette) -> String {
    let mut line = match (d.dropped, d.mode) {
        (Some(other), mode) => {
            let word = if mode == RollMode::Advantage { "advantage" } else { "disadvantage" };
            let (first, second) = if mode == RollMode::Advantage {
                (d.roll.total.max(other.total), d.roll.total.min(other.total))
            } else {
                (d.roll.total.min(other.total), d.roll.total.max(other.total))
            };
            format!(
                "{} ({}, {}) {word} → {}",
                p.dim("2×1d20"),
                p.paint(p.die, first),
                p.paint(p.die, second),
                p.paint(p.die, d.roll.total)
            )
        }
        (None, _) => p.roll(&d.roll).to_string(),
    };
    if d.modifier != 0 || d.penalty != 0 {
        let _ = write!(line, " {}", Signed(d.modifier));
        if d.penalty != 0 {
            let _ = write!(line, " {} exhaustion", Signed(d.penalty));
        }
        let _ = write!(line, " = {}", p.total(d.total));
    }
    if d.mode == RollMode::Cancelled {
        let _ = write!(line, " {}", p.dim("(advantage and disadvantage cancel)"));
    }
    line
}

/// `Con check 1d20 (7) +0 = 7 vs DC 10: fails`.
fn test_text(t: &Test, p: &Palette) -> String {
    let verdict = if t.success { p.good("succeeds").to_string() } else { p.bad("fails").to_string() };
    format!("{} {} {} vs DC {}: {verdict}", t.ability.word(), t.kind.word(), d20_text(&t.d20, p), t.dc)
}

/// `1d6 (4) +1 = 5 piercing`.
fn damage_text(d: &Damage, p: &Palette) -> String {
    let mut text = p.roll(&d.roll).to_string();
    if d.bonus != 0 {
        let _ = write!(text, " {} = {}", Signed(d.bonus), p.total(d.total));
    }
    let _ = write!(text, " {}", d.kind);
    text
}

/// `1d20 (12) +3 = 15, hits AC 15 or lower: 1d6 (4) +1 = 5 piercing`; a natural 1 misses, a
/// natural 20 is a critical hit.
fn attack_text(a: &Attack, p: &Palette) -> String {
    let verdict = match (a.misses, a.critical) {
        (true, _) => p.good("natural 1, misses").to_string(),
        (_, true) => p.bad("natural 20, critical").to_string(),
        _ => format!("hits AC {} or lower", a.total),
    };
    let mut text = format!("{} {} = {}, {verdict}", p.roll(&a.roll), Signed(a.bonus), p.total(a.total));
    if let Some(damage) = &a.damage {
        let _ = write!(text, ": {}", damage_text(damage, p));
    }
    text
}

/// What slowed a participant on this turn: `10 ft of difficult terrain, stands up`.
fn slowed_words(h: &Hindrance) -> Vec<&'static str> {
    let mut words = Vec::new();
    if h.blinded {
        words.push("blinded");
    }
    if h.prone {
        words.push("stands up");
    }
    if h.terrain > 0 {
        words.push("difficult terrain");
    }
    words
}

/// What a complication leaves for its target's next turn.
fn harm_words(h: &Hindrance) -> Vec<String> {
    let mut words = Vec::new();
    if h.prone {
        words.push("knocked prone".to_string());
    }
    if h.restrained {
        words.push("caught in a net: no move next turn".to_string());
    }
    if h.blinded {
        words.push("blinded: half Speed next turn".to_string());
    }
    if h.terrain > 0 {
        words.push(format!("{} ft of difficult terrain next turn", h.terrain));
    }
    if h.guard {
        words.push("the guard strikes if it runs 20 ft or more on its turn".to_string());
    }
    words
}

fn note_words(note: &str) -> &'static str {
    match note {
        "gives_chase" => "a creature of the land joins the chase (the GM picks it)",
        "joins_chase" => "a creature of the land joins the chase after it (the GM picks it)",
        "swarm_acts" => "the swarm takes one of its actions against it (the GM runs it)",
        _ => "the GM decides",
    }
}

fn effect_text(e: &Effect, p: &Palette) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(fall) = &e.fall {
        match fall.roll {
            Some(roll) => parts.push(format!("falls {} × 5 ft = {} ft", p.roll(&roll), fall.feet)),
            None => parts.push(format!("falls {} ft", fall.feet)),
        }
    }
    parts.extend(e.damage.iter().map(|d| damage_text(d, p)));
    if let Some(attack) = &e.attack {
        parts.push(format!("attacked: {}", attack_text(attack, p)));
    }
    parts.extend(harm_words(&e.hindrance));
    if let Some(note) = e.note {
        parts.push(note_words(note).to_string());
    }
    parts.join(", ")
}

fn complication_lines(c: &Complication, p: &Palette) -> Vec<String> {
    let mut head = format!("complication {}", p.roll(&c.roll));
    let Some(words) = c.words else {
        head.push_str(": none");
        return vec![head];
    };
    let _ = write!(head, ": {words}");
    let Some(target) = c.target else {
        head.push_str(", but nobody is left to meet it");
        return vec![head];
    };
    let _ = write!(head, " → {}", p.name(target));
    let mut lines = vec![head];
    if let Some(check) = &c.check {
        lines.push(format!("  {}", test_text(check, p)));
    }
    if let Some(effect) = &c.effect {
        lines.push(format!("  → {}", p.warn(effect_text(effect, p))));
    }
    lines
}

fn turn_lines(t: &Turn, name_width: usize, free_total: u32, p: &Palette) -> Vec<String> {
    let mut line = String::new();
    pad(&mut line, p.name(t.name), name_width);
    line.push_str("  ");
    if t.dashed {
        let _ = write!(line, "Dash +{} ft → {} ft", t.moved, p.total(t.position));
    } else {
        let _ = write!(line, "{} → {} ft", p.warn("caught in a net, no move"), p.total(t.position));
    }
    if let Some(h) = &t.hindered {
        let mut words = slowed_words(h);
        if h.guard && t.attacked.is_none() && t.dashed {
            words.push("the guard holds back: it ran under 20 ft");
        }
        if !words.is_empty() {
            let _ = write!(line, "  {}", p.warn(format_args!("({})", words.join(", "))));
        }
    }
    if !t.caught.is_empty() {
        let _ = write!(line, "  {}", p.bad(format_args!("catches {}", crate::outcome::join(&t.caught))));
    }
    if let Some(n) = t.free_dash {
        let _ = write!(line, "  {}", p.dim(format_args!("free Dash {n}/{free_total}")));
    }
    if let Some(c) = t.complication.as_ref().filter(|c| c.entry.is_none()) {
        let _ = write!(line, "  {}", p.dim(format_args!("no complication: {}", p.roll(&c.roll))));
    }
    let mut lines = vec![line];
    let indent = "  ";
    if let Some(attack) = &t.attacked {
        lines.push(format!("{indent}the guard's spear {}", attack_text(attack, p)));
    }
    if let Some(check) = &t.dash_check {
        let mut line = format!("{indent}Dash: {}", test_text(check, p));
        if !check.success {
            let _ = write!(line, " → {}", p.bad(format_args!("exhaustion {}", t.exhaustion)));
        }
        lines.push(line);
    }
    if t.dropped_out {
        lines.push(format!("{indent}{}", p.bad(format_args!("exhaustion {}: drops out of the chase", t.exhaustion))));
    }
    if let Some(c) = t.complication.as_ref().filter(|c| c.entry.is_some()) {
        lines.extend(complication_lines(c, p).into_iter().map(|l| format!("{indent}{l}")));
    }
    lines
}

fn role_word(role: Role) -> &'static str {
    match role {
        Role::Quarry => "flees",
        Role::Pursuer => "gives chase",
    }
}

impl<I: Serialize + OrderLines> Report for ChaseOutcome<'_, I> {
    fn text(&self, p: &Palette, out: &mut String) {
        let mut lines = Vec::new();
        lines.push(p.paint(p.title, "initiative").to_string());
        lines.extend(self.initiative.lines(p).into_iter().map(|l| format!("  {l}")));
        self.setting_lines(p, &mut lines);
        self.participant_lines(p, &mut lines);
        for round in &self.rounds {
            self.round_lines(round, p, &mut lines);
        }
        self.ending_lines(p, &mut lines);
        block(out, p, &lines);
    }

    /// The outcome and its round: `caught 3`.
    fn headline(&self, out: &mut String) {
        let _ = write!(out, "{} {}", self.outcome.word(), self.round);
    }
}

impl<I> ChaseOutcome<'_, I> {
    /// Where the chase starts, whether the quarry can get out of sight, the cover and the
    /// complications table: two lines at most, each short enough for a narrow terminal.
    fn setting_lines(&self, p: &Palette, lines: &mut Vec<String>) {
        let start = match &self.start {
            Some(d) => format!(
                "start {} × {} ft = {} apart  {}",
                p.roll(&d.roll),
                d.scale,
                p.total(format_args!("{} ft", d.feet)),
                p.dim(format_args!("{} terrain", d.terrain.unwrap_or("the")))
            ),
            None => format!("start {} apart", p.total(format_args!("{} ft", self.start_gap))),
        };
        let mut setting = vec![start];
        setting.push(match self.sight {
            Some(sight) => format!("out of sight beyond {sight} ft"),
            None => "always in sight".to_string(),
        });
        if let Some(cover) = self.cover {
            setting.push(match cover {
                Cover::Many => "much cover (Advantage to slip away)".to_string(),
                Cover::Few => "little cover (Disadvantage to slip away)".to_string(),
            });
        }
        if let Some(table) = self.table {
            setting.push(format!("{} complications (d{}: 1–{})", table.setting.word(), table.die, table.entries.len()));
        }
        let more = setting.split_off(2);
        lines.push(setting.join(" · "));
        if !more.is_empty() {
            lines.push(more.join(" · "));
        }
    }

    /// Who flees and who gives chase, with each one's Speed and free Dashes.
    fn participant_lines(&self, p: &Palette, lines: &mut Vec<String>) {
        let w = width(self.participants.iter().map(|e| e.name));
        for e in &self.participants {
            let mut line = String::new();
            pad(&mut line, p.name(e.name), w);
            let free = if e.free_dashes == 1 { "free Dash" } else { "free Dashes" };
            let _ =
                write!(line, "  {} ({})  Speed {} ft  {} {free}", role_word(e.role), e.side, e.speed, e.free_dashes);
            lines.push(line);
        }
    }

    /// One round: every turn, every roll to slip away, and how far ahead each quarry still is.
    fn round_lines(&self, round: &RoundRecord, p: &Palette, lines: &mut Vec<String>) {
        let free_of = |name: &str| self.participants.iter().find(|e| e.name == name).map_or(0, |e| e.free_dashes);
        lines.push(p.paint(p.title, format_args!("round {}", round.round)).to_string());
        let rw = width(round.turns.iter().map(|t| t.name));
        for turn in &round.turns {
            lines.extend(turn_lines(turn, rw, free_of(turn.name), p).into_iter().map(|l| format!("  {l}")));
        }
        for e in &round.escape {
            let verdict = if e.escaped {
                p.good(format_args!("> {}: slips away", e.against)).to_string()
            } else {
                p.bad(format_args!("≤ {}: still seen", e.against)).to_string()
            };
            lines.push(format!(
                "  {} is {} ft ahead, out of sight: Stealth against passive Perception {}",
                p.name(e.name),
                e.distance,
                e.against
            ));
            lines.push(format!("    {} {verdict}", d20_text(&e.d20, p)));
        }
        for g in round.gaps.iter().filter(|g| !round.escape.iter().any(|e| e.name == g.name)) {
            let seen = if self.sight.is_some() { ": in sight" } else { "" };
            lines.push(p.dim(format_args!("  {} {} ft ahead of the lead pursuer{seen}", g.name, g.gap)).to_string());
        }
    }

    /// How the chase ended, and with several quarry, each one's fate.
    fn ending_lines(&self, p: &Palette, lines: &mut Vec<String>) {
        let label = end_label(self.outcome, self.round);
        let verdict = match self.outcome {
            ChaseEnd::Caught if self.round == 0 => p.bad(format_args!("{label}: no gap to run")).to_string(),
            ChaseEnd::Caught => p.bad(label).to_string(),
            ChaseEnd::Escaped => p.good(label).to_string(),
            ChaseEnd::GaveUp => p.good(format_args!("{label}: every pursuer dropped out")).to_string(),
            ChaseEnd::Running => p.warn(format_args!("{label} — the referee decides")).to_string(),
        };
        lines.push(format!("→ {verdict}"));
        if self.quarry.len() > 1 {
            let fates: Vec<String> = self
                .quarry
                .iter()
                .map(|f| {
                    let word = match f.fate {
                        FateWord::Caught => "caught",
                        FateWord::Escaped => "escaped",
                        FateWord::DroppedOut => "dropped out",
                        FateWord::Running => "still running",
                    };
                    match f.round {
                        Some(r) => format!("{} {word} in round {r}", f.name),
                        None => format!("{} {word}", f.name),
                    }
                })
                .collect();
            lines.push(p.dim(fates.join("; ")).to_string());
        }
    }
}
