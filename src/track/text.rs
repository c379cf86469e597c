//! A kept fight written out: the document (YAML or JSON) and the text, for the table or for
//! the players (no hidden combatants, no monster's numbers, no notes).

use super::state::{Fight, Seat};
use super::turns::Event;
use crate::cli::Format;
use crate::error::{Error, Result};
use crate::fight::{Combatant, Effect, Fighting};
use crate::render::{Palette, pad, possessive, width, width_of};
use serde::Serialize;
use serde_json::{Map, Value};

/// Who a view is for: the game master (with the chances of what may still come, `Odds`), or
/// the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Table,
    Odds,
    Players,
}

impl View {
    /// Whether the game master's: everything shown.
    fn table(self) -> bool {
        self != View::Players
    }
}

/// The document of a track command: the header, the fight after the command, and what the
/// command did and rolled.
#[derive(Serialize)]
pub struct Doc<'a> {
    command: &'static str,
    action: &'static str,
    rules: &'a str,
    seed: u64,
    version: &'static str,
    fight: &'a str,
    round: u32,
    /// Whose turn it is (null once the fight has ended).
    turn: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ended: Option<u32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    players: bool,
    order: Vec<SeatDoc<'a>>,
    events: &'a [Event],
    #[serde(skip_serializing_if = "Option::is_none")]
    opening: Option<Value>,
    /// Commands `undo` can take back.
    undo: usize,
}

impl<'a> Doc<'a> {
    pub fn new(
        action: &'static str,
        fight: &'a Fight,
        rules: &dyn Fighting,
        seed: u64,
        events: &'a [Event],
        opening: Option<Value>,
        view: View,
    ) -> Doc<'a> {
        let order = fight
            .order
            .iter()
            .enumerate()
            .filter(|(_, seat)| view.table() || !hidden_seat(fight, seat))
            .map(|(i, seat)| seat_doc(fight, rules, seat, i == fight.turn && fight.ended.is_none(), view))
            .collect();
        Doc {
            command: "track",
            action,
            rules: &fight.rules,
            seed,
            version: crate::emit::VERSION,
            fight: &fight.fight,
            round: fight.round,
            turn: fight.current().filter(|_| fight.ended.is_none()).map(|s| s.name.as_str()),
            ended: fight.ended,
            players: view == View::Players,
            order,
            events: if view == View::Players { &[] } else { events },
            opening: opening.filter(|_| view.table()),
            undo: if view == View::Players { 0 } else { fight.undo.len() },
        }
    }
}

/// Whether everyone in `seat` is hidden from the players.
pub fn hidden_seat(fight: &Fight, seat: &Seat) -> bool {
    let who = seat.who();
    !who.is_empty() && who.iter().all(|n| fight.combatant(n).is_some_and(|c| c.hidden))
}

/// One seat of the order as the document gives it: its name and place, `current`, the
/// combatant it is (one) or its `members` (several), and what moves it or keeps it out.
#[derive(Serialize)]
struct SeatDoc<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<&'a serde_json::Number>,
    current: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    rank: Option<u32>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    combatant: Option<CombatantDoc<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    members: Option<Vec<CombatantDoc<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rolled: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tie: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    out: Option<&'a super::state::Out>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moved: Option<&'a super::state::Moved>,
    #[serde(skip_serializing_if = "Option::is_none")]
    holds: Option<&'a super::state::Hold>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    lair: bool,
}

fn seat_doc<'a>(fight: &'a Fight, rules: &dyn Fighting, seat: &'a Seat, current: bool, view: View) -> SeatDoc<'a> {
    let table = view.table();
    let pc = fight.combatant(&seat.name).is_some_and(|c| c.pc);
    let (combatant, members) = if seat.members.is_empty() {
        (fight.combatant(&seat.name).map(|c| combatant_doc(fight, rules, c, view)), None)
    } else {
        let members = seat
            .members
            .iter()
            .filter_map(|n| fight.combatant(n))
            .filter(|c| table || !c.hidden)
            .map(|c| combatant_doc(fight, rules, c, view))
            .collect();
        (None, Some(members))
    };
    SeatDoc {
        name: &seat.name,
        side: if combatant.is_some() { None } else { seat.side.as_deref() },
        total: seat.total.as_ref().filter(|_| table || pc),
        current,
        rank: table.then_some(seat.rank),
        combatant,
        members,
        rolled: seat.rolled.as_deref().filter(|_| table),
        tie: seat.tie.filter(|_| table),
        out: seat.out.as_ref().filter(|_| table),
        moved: seat.moved.as_ref().filter(|_| table),
        holds: seat.holds.as_ref().filter(|_| table),
        lair: seat.lair,
    }
}

/// A combatant as the document gives it: every field scripts rely on, always there (`effects`
/// and `notes` empty, `hidden` and `down` false where nothing is said); in the players' view a
/// monster's `state` in words instead of its numbers, and no notes.
#[derive(Serialize)]
struct CombatantDoc<'a> {
    name: &'a str,
    side: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hp: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hp_max: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    temp_hp: Option<i64>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    own: Option<&'a Map<String, Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    condition: Vec<String>,
    effects: Vec<EffectDoc<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notes: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hidden: Option<bool>,
    down: Value,
    /// With `--odds`: the exact chance of each thing that may still come of it by its rules.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    odds: Vec<OddsDoc>,
}

/// One outcome's chance, as `--odds` documents give it.
#[derive(Serialize)]
struct OddsDoc {
    outcome: &'static str,
    fraction: String,
    probability: f64,
}

fn combatant_doc<'a>(fight: &'a Fight, rules: &dyn Fighting, c: &'a Combatant, view: View) -> CombatantDoc<'a> {
    let table = view.table();
    let numbers = table || c.pc;
    let hp = c.hp.zip(c.hp_max).filter(|_| numbers);
    CombatantDoc {
        name: &c.name,
        side: &c.side,
        group: c.group.as_deref(),
        hp: hp.map(|(hp, _)| hp),
        hp_max: hp.map(|(_, max)| max),
        temp_hp: hp.map(|_| c.temp_hp),
        own: Some(&c.own).filter(|own| numbers && !own.is_empty()),
        state: (!numbers).then(|| rules.players_words(c)),
        condition: if numbers { rules.condition(c) } else { Vec::new() },
        effects: c.effects.iter().map(|e| effect_doc(fight, e)).collect(),
        notes: table.then_some(c.notes.as_slice()),
        hidden: table.then_some(c.hidden),
        down: c.down.clone().map_or(Value::Bool(false), Value::String),
        odds: match view {
            View::Odds => rules
                .odds(c)
                .into_iter()
                .map(|(outcome, p)| OddsDoc { outcome, fraction: p.to_string(), probability: p.to_f64() })
                .collect(),
            _ => Vec::new(),
        },
    }
}

/// An effect as the document gives it: `rounds_left` null for one that lasts until ended.
#[derive(Serialize)]
struct EffectDoc<'a> {
    name: &'a str,
    rounds_left: Option<u32>,
    until: &'static str,
    of: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    concentration: Option<&'a str>,
}

fn effect_doc<'a>(fight: &Fight, e: &'a Effect) -> EffectDoc<'a> {
    EffectDoc {
        name: &e.name,
        rounds_left: rounds_left(fight, e),
        until: e.until.word(),
        of: &e.of,
        concentration: e.concentration.as_deref(),
    }
}

/// The rounds until the round an effect runs out in (none: it lasts until ended).
pub fn rounds_left(fight: &Fight, e: &Effect) -> Option<u32> {
    e.ends_round.map(|end| end.saturating_sub(fight.round))
}

/// Writes `doc` as one JSON line or one YAML document.
pub fn document<T: Serialize>(out: &mut dyn std::io::Write, format: Format, doc: &T) -> Result<()> {
    let bytes = match format {
        Format::Yaml => crate::render::yaml::to_string(doc).map_err(|e| Error::data(e.to_string()))?.into_bytes(),
        _ => {
            let mut bytes = serde_json::to_vec(doc).map_err(|e| Error::data(e.to_string()))?;
            bytes.push(b'\n');
            bytes
        }
    };
    out.write_all(&bytes)?;
    Ok(())
}

/// Actions after which the text shows the whole order, not only what happened.
const SHOWS_ORDER: &[&str] = &[
    "start", "show", "add", "remove", "set", "undo", "delay", "ready", "hold", "damage", "heal", "temp", "effect",
    "note", "hide", "reveal",
];

/// What a command's text shows: the command, the fight after it, its ruleset's rules, what
/// happened, the seed when asked for, and for whom.
pub struct Page<'a> {
    pub action: &'a str,
    pub fight: &'a Fight,
    pub rules: &'a dyn Fighting,
    pub events: &'a [Event],
    pub seed: Option<u64>,
    pub view: View,
}

/// The text of a track command: what happened, then (after most commands) the order, then
/// whose turn it is.
pub fn render(out: &mut String, p: &Palette, page: &Page) {
    let &Page { action, fight, rules, events, seed, view } = page;
    for event in events {
        if let Some(shown) = &event.shown {
            out.push_str(shown);
            if !shown.ends_with("\n\n") {
                out.push('\n');
            }
            continue;
        }
        if event.event == "turn" {
            continue;
        }
        let line = match event.event {
            "round" => p.paint(p.title, &event.text).to_string(),
            "loses_turn" | "recovery" | "holds" | "ends" | "over" => p.warn(&event.text).to_string(),
            "down" => p.bad(&event.text).to_string(),
            "skips" => p.dim(&event.text).to_string(),
            _ => event.text.clone(),
        };
        p.line(out, "", &line);
    }
    if action == "end" && fight.ended.is_some() && view.table() {
        return;
    }
    let mut title = format!("track · {} · fight {} · round {}", fight.rules, fight.fight, fight.round);
    if view == View::Players {
        title = format!("fight {} · round {}", fight.fight, fight.round);
    }
    if let Some(round) = fight.ended {
        title.push_str(&format!(" · ended in round {round}"));
    }
    if let Some(seed) = seed {
        title.push_str(&format!(" · seed {seed}"));
    }
    if SHOWS_ORDER.contains(&action) {
        p.line(out, "", &p.paint(p.title, title).to_string());
        order(out, p, fight, rules, view);
    } else if let Some(seed) = seed {
        p.line(out, "", &p.dim(format!("seed {seed}")).to_string());
    }
    if fight.ended.is_some() {
        return;
    }
    match fight.current() {
        Some(seat) if view == View::Players && hidden_seat(fight, seat) => {
            p.line(out, "", &format!("Round {}", fight.round));
        }
        Some(seat) => {
            // Those in the seat who can act (not the dead of a group).
            let who: Vec<&str> = seat
                .who()
                .into_iter()
                .filter(|n| fight.combatant(n).is_none_or(|c| c.down.is_none() || rules.keeps_turn(c)))
                .filter(|n| view.table() || !fight.combatant(n).is_some_and(|c| c.hidden))
                .collect();
            let members = match (seat.members.is_empty(), who.is_empty()) {
                (true, _) => String::new(),
                (false, true) => " (nobody left to act)".to_string(),
                (false, false) => format!(" ({})", who.join(", ")),
            };
            p.line(out, "", &format!("Round {}: {} turn{members}", fight.round, p.name(&possessive(&seat.name))));
        }
        None => p.line(out, "", "Nobody's turn"),
    }
}

/// The fewest columns the notes beside a line take before they go under it instead.
const NOTES_AT_LEAST: usize = 24;

/// Cells of a hit-point bar.
const BAR: usize = 10;

/// `██████░░░░`: `hp` of `max` in [`BAR`] cells, coloured by what is left.
fn bar(p: &Palette, hp: i64, max: i64) -> String {
    let filled =
        if hp <= 0 || max <= 0 { 0 } else { ((hp * BAR as i64 + max - 1) / max).clamp(1, BAR as i64) as usize };
    let full = "█".repeat(filled);
    let empty = "░".repeat(BAR - filled);
    let style = if hp * 2 > max {
        p.good
    } else if hp * 4 > max {
        p.warn
    } else {
        p.bad
    };
    format!("{}{}", p.paint(style, full), p.dim(empty))
}

/// Whether a combatant has nothing to show but its name.
fn plain(rules: &dyn Fighting, c: &Combatant) -> bool {
    c.hp.is_none()
        && c.effects.is_empty()
        && c.notes.is_empty()
        && c.down.is_none()
        && !c.hidden
        && rules.condition(c).is_empty()
}

/// A group shown as one line when its members do not differ.
fn alike(members: &[&Combatant]) -> bool {
    members.windows(2).all(|w| {
        let (a, b) = (w[0], w[1]);
        (a.hp, a.hp_max, a.temp_hp, &a.effects, &a.notes, a.hidden, &a.down, &a.own)
            == (b.hp, b.hp_max, b.temp_hp, &b.effects, &b.notes, b.hidden, &b.down, &b.own)
    })
}

/// The acting order, one seat a line (and a line for each member of a group whose members
/// differ): a mark on whose turn it is, the total, the hit points as a bar and numbers, and
/// after them what keeps it from acting, its effects and notes, and the dice behind the total.
fn order(out: &mut String, p: &Palette, fight: &Fight, rules: &dyn Fighting, view: View) {
    let seats: Vec<(usize, &Seat)> =
        fight.order.iter().enumerate().filter(|(_, s)| view.table() || !hidden_seat(fight, s)).collect();
    let labels: Vec<String> = seats.iter().map(|(_, s)| label(fight, s, view)).collect();
    // Members' lines start two columns further in: their names share the column.
    let member_names = seats.iter().flat_map(|(_, s)| s.members.iter()).map(|m| width_of(m) + 2).max().unwrap_or(0);
    let names = width(labels.iter().map(String::as_str)).max(member_names);
    let totals: Vec<String> = seats.iter().map(|(_, s)| total_words(fight, s, view)).collect();
    let total_width = width(totals.iter().map(String::as_str));
    let hp_width =
        fight.combatants.iter().filter_map(|c| Some(width_of(&format!("{}/{}", c.hp?, c.hp_max?)))).max().unwrap_or(0);
    // Each line's columns up to its hit points, then what is said of it after them.
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    for (k, (i, seat)) in seats.iter().enumerate() {
        let members: Vec<&Combatant> =
            seat.who().iter().filter_map(|n| fight.combatant(n)).filter(|c| view.table() || !c.hidden).collect();
        let mut line = String::new();
        let acting = *i == fight.turn && fight.ended.is_none();
        line.push_str(if acting { "> " } else { "  " });
        // Whose turn it is stands out from the names around it.
        let name = if acting { p.paint(p.acting, &labels[k]).to_string() } else { p.name(&labels[k]).to_string() };
        pad(&mut line, name, names);
        line.push_str("  ");
        line.push_str(&" ".repeat(total_width.saturating_sub(totals[k].len())));
        line.push_str(&p.total(&totals[k]).to_string());
        let group = seat.side.is_some() && members.len() > 1;
        let side = seat.side.is_none() && !seat.members.is_empty();
        let plain = side && members.iter().all(|c| plain(rules, c));
        let one = !side && (members.len() == 1 || (group && alike(&members)));
        let mut notes: Vec<String> = Vec::new();
        if one {
            line.push_str(&vitals(p, rules, members[0], hp_width, view));
            if group && members[0].hp.is_some() {
                notes.push("each".into());
            }
            notes.extend(combatant_notes(p, fight, rules, members[0], view));
        } else if plain && !members.is_empty() {
            notes.push(members.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", "));
        }
        notes.extend(seat_notes(p, seat, fight, rules, view));
        if let (true, Some(rolled)) = (view.table(), &seat.rolled) {
            notes.push(p.dim(rolled).to_string());
        }
        rows.push((line, notes));
        if !(one || plain) {
            for c in members {
                let mut line = "    ".to_string();
                pad(&mut line, p.name(&c.name), names.saturating_sub(2));
                line.push_str("  ");
                line.push_str(&" ".repeat(total_width));
                line.push_str(&vitals(p, rules, c, hp_width, view));
                rows.push((line, combatant_notes(p, fight, rules, c, view)));
            }
        }
    }
    // The notes start in one column, wrapped under it where a line runs long.
    // A narrow terminal gives the notes lines of their own, under the names.
    let lead_width = rows.iter().map(|(lead, _)| width_of(lead)).max().unwrap_or(0);
    let beside = lead_width + 2 + NOTES_AT_LEAST <= p.width;
    for (mut lead, notes) in rows {
        if notes.is_empty() {
            p.line(out, "", lead.trim_end());
            continue;
        }
        if !beside {
            p.line(out, "", lead.trim_end());
            p.line(out, "      ", &notes.join(" · "));
            continue;
        }
        let short = lead_width.saturating_sub(width_of(&lead));
        lead.push_str(&" ".repeat(short));
        lead.push_str("  ");
        p.line(out, &lead, &notes.join(" · "));
    }
}

/// A seat's initiative as the order shows it: `-` where none was rolled, nothing for the
/// players but a character's.
pub(super) fn total_words(fight: &Fight, seat: &Seat, view: View) -> String {
    match view {
        View::Players if !fight.combatant(&seat.name).is_some_and(|c| c.pc) => String::new(),
        _ => seat.total.as_ref().map_or("-".into(), |t| t.to_string()),
    }
}

/// A seat's name as the order shows it: a group with its size (`Goblin ×4`).
pub(super) fn label(fight: &Fight, seat: &Seat, view: View) -> String {
    let group = seat.side.is_some() && seat.members.len() > 1;
    let shown = seat.members.iter().filter(|n| view.table() || !fight.combatant(n).is_some_and(|c| c.hidden)).count();
    if group { format!("{} ×{shown}", seat.name) } else { seat.name.clone() }
}

/// `  ██████░░░░  7/12` (or the players' word for a monster), or nothing without hit points;
/// temporary hit points are said after it.
pub(super) fn vitals(p: &Palette, rules: &dyn Fighting, c: &Combatant, hp_width: usize, view: View) -> String {
    if view == View::Players && !c.pc {
        let word = rules.players_words(c);
        return if word.is_empty() { String::new() } else { format!("  {}", p.dim(word)) };
    }
    match (c.hp, c.hp_max) {
        (Some(hp), Some(max)) => {
            let words = format!("{hp}/{max}");
            let mut s = format!("  {} ", bar(p, hp, max));
            s.push_str(&" ".repeat(hp_width.saturating_sub(width_of(&words))));
            s.push_str(&words);
            s
        }
        _ => String::new(),
    }
}

/// What the order says after a combatant's hit points: down, the ruleset's words, effects
/// with what is left, notes (not in the players' view).
pub(super) fn combatant_notes(
    p: &Palette,
    fight: &Fight,
    rules: &dyn Fighting,
    c: &Combatant,
    view: View,
) -> Vec<String> {
    let mut notes = Vec::new();
    if c.temp_hp > 0 && (view.table() || c.pc) {
        notes.push(format!("+{} temp", c.temp_hp));
    }
    match &c.down {
        // The players' word for a monster says it already.
        Some(_) if view == View::Players && !c.pc => {}
        Some(down) => notes.push(p.bad(down).to_string()),
        None => {}
    }
    if view.table() || c.pc {
        notes.extend(rules.condition(c).into_iter().map(|w| p.warn(w).to_string()));
    }
    if c.hidden && view.table() {
        notes.push(p.dim("hidden").to_string());
    }
    for e in &c.effects {
        notes.push(effect_words(p, fight, c, e));
    }
    if view == View::Odds {
        let odds: Vec<String> = rules
            .odds(c)
            .into_iter()
            .map(|(outcome, p)| format!("{outcome} {p} ({:.2}%)", p.to_f64() * 100.0))
            .collect();
        if !odds.is_empty() {
            notes.push(p.dim(format!("from here: {}", odds.join(", "))).to_string());
        }
    }
    if view.table() {
        notes.extend(c.notes.iter().map(|n| format!("“{n}”")));
    }
    notes
}

/// `Bless (9 rounds)`, `Stunned (1 round, to end of Orc's turn)`, `Hold Person (8 rounds, to
/// Cleric's turn, Cleric's concentration)`, `Prone`.
pub fn effect_words(p: &Palette, fight: &Fight, c: &Combatant, e: &Effect) -> String {
    let mut parts = Vec::new();
    if let Some(left) = rounds_left(fight, e) {
        parts.push(match left {
            0 => "this round".to_string(),
            1 => "1 round".to_string(),
            n => format!("{n} rounds"),
        });
        let whose = if e.of == c.name { "its".to_string() } else { possessive(&e.of) };
        match e.until {
            crate::fight::Until::Start if e.of != c.name => parts.push(format!("to {whose} turn")),
            crate::fight::Until::Start => {}
            crate::fight::Until::End => parts.push(format!("to end of {whose} turn")),
        }
    }
    match &e.concentration {
        Some(caster) if *caster == c.name => parts.push("its concentration".to_string()),
        Some(caster) if *caster == e.of && parts.len() == 2 => {
            parts[1] = format!("to {} turn and concentration", possessive(caster));
        }
        Some(caster) => parts.push(format!("{} concentration", possessive(caster))),
        None => {}
    }
    let name = p.paint(p.title, &e.name);
    if parts.is_empty() { name.to_string() } else { format!("{name} ({})", parts.join(", ")) }
}

/// What keeps a seat from acting, or moves it: out of action, delayed, holding.
pub(super) fn seat_notes(p: &Palette, seat: &Seat, fight: &Fight, rules: &dyn Fighting, view: View) -> Vec<String> {
    let _ = (fight, view);
    let mut notes: Vec<String> = Vec::new();
    if let Some(moved) = &seat.moved {
        let beside = moved.anchor.as_deref().map_or(String::new(), |a| format!(" ({a})"));
        notes.push(p.warn(format!("{}{beside}", moved.how)).to_string());
    }
    if let Some(hold) = &seat.holds {
        notes.push(p.warn(format!("holds for round {}", hold.round)).to_string());
    }
    if let Some(o) = &seat.out {
        let until = match (o.from_round, &o.recovery) {
            (Some(r), _) => format!(", acts from round {r}"),
            (None, Some(stun)) => {
                format!(", rolls {} each turn from turn {}", rules.recovery_words(stun), stun.first_turn)
            }
            (None, None) => String::new(),
        };
        notes.push(p.bad(format!("{}{until}", o.reason)).to_string());
    }
    notes
}
