//! A kept fight written out: the document (YAML or JSON) and the text.

use super::state::{Fight, Seat};
use super::turns::Event;
use crate::cli::Format;
use crate::error::{Error, Result};
use crate::render::{Palette, pad, possessive, width};

use serde::Serialize;
use serde_json::Value;

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
    order: Vec<SeatDoc<'a>>,
    events: &'a [Event],
    #[serde(skip_serializing_if = "Option::is_none")]
    opening: Option<Value>,
    /// Commands `undo` can take back.
    undo: usize,
}

#[derive(Serialize)]
struct SeatDoc<'a> {
    #[serde(flatten)]
    seat: &'a Seat,
    current: bool,
}

impl<'a> Doc<'a> {
    pub fn new(
        action: &'static str,
        fight: &'a Fight,
        seed: u64,
        events: &'a [Event],
        opening: Option<Value>,
    ) -> Doc<'a> {
        let order =
            fight.order.iter().enumerate().map(|(i, seat)| SeatDoc { seat, current: i == fight.turn }).collect();
        Doc {
            command: "track",
            action,
            rules: &fight.rules,
            seed,
            version: crate::emit::VERSION,
            fight: &fight.fight,
            round: fight.round,
            turn: fight.current().map(|s| s.name.as_str()),
            order,
            events,
            opening,
            undo: fight.history.len(),
        }
    }
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

/// The text of a track command: what happened, then (after start and show) the order, then
/// whose turn it is.
pub fn render(out: &mut String, p: &Palette, action: &str, fight: &Fight, events: &[Event], seed: Option<u64>) {
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
            "loses_turn" | "recovery" | "holds" => p.warn(&event.text).to_string(),
            _ => event.text.clone(),
        };
        p.line(out, "", &line);
    }
    if action == "end" {
        return;
    }
    let mut title = format!("track · {} · fight {} · round {}", fight.rules, fight.fight, fight.round);
    if let Some(seed) = seed {
        title.push_str(&format!(" · seed {seed}"));
    }
    if matches!(action, "start" | "show" | "add" | "remove" | "set" | "undo" | "delay" | "ready" | "hold") {
        p.line(out, "", &p.paint(p.title, title).to_string());
        order(out, p, fight);
    } else if let Some(seed) = seed {
        p.line(out, "", &p.dim(format!("seed {seed}")).to_string());
    }
    match fight.current() {
        Some(seat) => {
            let members =
                if seat.members.is_empty() { String::new() } else { format!(" ({})", seat.members.join(", ")) };
            p.line(out, "", &format!("Round {}: {} turn{members}", fight.round, p.name(&possessive(&seat.name))));
        }
        None => p.line(out, "", "Nobody's turn"),
    }
}

/// The acting order, one seat a line: a mark on whose turn it is, the total, the dice behind
/// it, and what keeps it from acting.
fn order(out: &mut String, p: &Palette, fight: &Fight) {
    let names = width(fight.order.iter().map(|s| s.name.as_str()));
    let totals: Vec<String> =
        fight.order.iter().map(|s| s.total.as_ref().map_or("-".into(), |t| t.to_string())).collect();
    let total_width = width(totals.iter().map(String::as_str));
    for (i, seat) in fight.order.iter().enumerate() {
        let mut line = String::new();
        line.push_str(if i == fight.turn { "> " } else { "  " });
        pad(&mut line, p.name(&seat.name), names);
        line.push_str("  ");
        line.push_str(&" ".repeat(total_width.saturating_sub(totals[i].len())));
        line.push_str(&p.total(&totals[i]).to_string());
        let mut notes: Vec<String> = Vec::new();
        if let Some(rolled) = &seat.rolled {
            notes.push(p.dim(rolled).to_string());
        }
        if !seat.members.is_empty() {
            notes.push(seat.members.join(", "));
        }
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
                (None, Some(stun)) => format!(", rolls IQ {} each turn from turn {}", stun.iq, stun.first_turn),
                (None, None) => String::new(),
            };
            notes.push(p.bad(format!("{}{until}", o.reason)).to_string());
        }
        if !notes.is_empty() {
            line.push_str("  ");
            line.push_str(&notes.join(" · "));
        }
        p.line(out, "", &line);
    }
}
