//! A chase's input: its participants and lineup, and the setup that makes it from a ruleset's
//! cast and flags.

use super::*;

/// A chase participant: one combatant, or one member of a `*COUNT` group.
#[derive(Clone, Debug)]
pub struct Participant {
    pub name: String,
    /// Index into the sides.
    pub side: usize,
    /// On the fleeing side.
    pub quarry: bool,
    pub speed: u32,
    pub con: i32,
    pub dex: i32,
    pub str: i32,
    pub wis: i32,
    pub cha: i32,
    pub stealth: i32,
    /// Passive Perception.
    pub per: i32,
    /// A ranger or proficient in Survival (2014: as lead pursuer it hampers escape).
    pub tracker: bool,
}

impl Participant {
    pub(super) fn modifier(&self, ability: Ability) -> i32 {
        match ability {
            Ability::Str => self.str,
            Ability::Dex => self.dex,
            Ability::Con => self.con,
            Ability::Wis => self.wis,
            Ability::Cha => self.cha,
        }
    }
}

/// How the starting gap is found.
#[derive(Clone, Debug)]
pub enum Start {
    Gap(u32),
    /// Rolled as the encounter distance of a terrain.
    Rolled(DistanceInput),
}

/// How a chase's acting order is rolled: each edition's initiative, standard variant.
pub trait TurnOrder {
    /// The initiative as rolled, shown with the chase.
    type Rolled<'a>: Serialize + OrderLines
    where
        Self: 'a;

    /// Rolls initiative: the record, and the combatant lines (indices into the cast's
    /// combatants) in acting order.
    fn roll_order<'a>(&'a self, dice: &mut dyn Dice) -> (Self::Rolled<'a>, Vec<usize>);
}

/// The text lines of a rolled initiative.
pub trait OrderLines {
    fn lines(&self, p: &crate::render::Palette) -> Vec<String>;
}

/// A chase ready to roll.
pub struct Chase<L> {
    pub edition: Edition,
    pub sides: Vec<String>,
    pub participants: Vec<Participant>,
    /// The participants of each combatant line (a group's members), by line.
    pub lines: Vec<Vec<usize>>,
    pub lineup: L,
    pub start: Start,
    pub sight: Option<u32>,
    pub cover: Option<Cover>,
    pub table: Option<&'static Table>,
    pub rounds: u32,
}

#[derive(Clone, Debug)]
pub struct Line {
    pub name: String,
    pub count: u32,
    pub side: usize,
    pub speed: Option<i32>,
    pub con: Option<i32>,
    pub dex: Option<i32>,
    pub str: Option<i32>,
    pub wis: Option<i32>,
    pub cha: Option<i32>,
    pub stealth: Option<i32>,
    pub per: Option<i32>,
    pub tracker: bool,
}

/// The flags and cast of `rules pursue`, checked: the sides, the lines, the fleeing side, the
/// start, the limits. `lineup` builds the initiative once the cast is known to be a chase.
#[allow(clippy::too_many_arguments)]
pub fn setup<L>(
    edition: Edition,
    rules: &str,
    sides: Vec<String>,
    lines: Vec<Line>,
    fleeing: usize,
    args: &flags::PursueFlags,
    terrains: &'static [Sighting],
    lineup: impl FnOnce() -> Result<L>,
) -> Result<Chase<L>> {
    let (members, rounds) = check_cast(rules, &sides, &lines, fleeing, args)?;
    let start = start_of(rules, args, terrains)?;
    let table = match args.complications {
        Some(flags::Complications::Urban) => Some(Table::of(edition, Setting::Urban)),
        Some(flags::Complications::Wilderness) => Some(Table::of(edition, Setting::Wilderness)),
        Some(flags::Complications::None) | None => None,
    };
    let cover = args.cover.map(|c| match c {
        flags::Cover::Many => Cover::Many,
        flags::Cover::Few => Cover::Few,
    });
    let lineup = lineup()?;
    let (participants, by_line) = participants(&lines, fleeing, members);
    Ok(Chase { edition, sides, participants, lines: by_line, lineup, start, sight: args.sight, cover, table, rounds })
}

/// Someone flees and someone gives chase, within the limits: the participants and the rounds.
fn check_cast(
    rules: &str,
    sides: &[String],
    lines: &[Line],
    fleeing: usize,
    args: &flags::PursueFlags,
) -> Result<(usize, u32)> {
    let example = format!("e.g. fray -r {rules} pursue --gap 30 Rogue:speed=35 Guard:count=2,side=monsters");
    if lines.is_empty() {
        return Err(Error::usage(format!("{rules} pursue needs combatants: the quarry and its pursuers")).hint(example));
    }
    let side_name = &sides[fleeing];
    if !lines.iter().any(|l| l.side == fleeing) {
        return Err(Error::usage(format!("nobody flees: side '{side_name}' has no combatants"))
            .hint("put the quarry on it, or name the fleeing side with --fleeing SIDE"));
    }
    if lines.iter().all(|l| l.side == fleeing) {
        return Err(Error::usage(format!("nobody gives chase: every combatant is on the fleeing side ({side_name})"))
            .hint(format!("put the pursuers on another side, {example}")));
    }
    let members: usize = lines.iter().map(|l| l.count as usize).sum();
    if members > MAX_PARTICIPANTS {
        return Err(Error::usage(format!(
            "{members} participants in one chase; a chase takes at most {MAX_PARTICIPANTS}"
        ))
        .hint("chase with fewer: a chase follows every runner turn by turn"));
    }
    let rounds = args.rounds.unwrap_or(10);
    let turns = members as u64 * u64::from(rounds);
    if turns > MAX_TURNS {
        return Err(Error::usage(format!(
            "--rounds {rounds} for {members} participants is {turns} turns; one chase holds at most {MAX_TURNS}"
        ))
        .hint(format!("at most --rounds {}", (MAX_TURNS / members as u64).max(1))));
    }
    Ok((members, rounds))
}

/// The starting gap: rolled for `--travel-terrain`, else `--gap`.
fn start_of(rules: &str, args: &flags::PursueFlags, terrains: &'static [Sighting]) -> Result<Start> {
    Ok(match &args.travel_terrain {
        Some(word) => {
            let row = Sighting::find(terrains, word).ok_or_else(|| {
                Error::usage(format!("unknown terrain '{}'", crate::error::echo(word)))
                    .hint(format!("{rules} terrains: {}", Sighting::names(terrains)))
            })?;
            Start::Rolled(DistanceInput { noticed: Noticed::Seen(row) })
        }
        None => Start::Gap(args.gap.unwrap_or(DEFAULT_GAP)),
    })
}

/// Every member of every line as a participant, and each line's members by index.
fn participants(lines: &[Line], fleeing: usize, members: usize) -> (Vec<Participant>, Vec<Vec<usize>>) {
    let mut participants = Vec::with_capacity(members);
    let mut by_line = Vec::with_capacity(lines.len());
    for line in lines {
        let mut these = Vec::new();
        for name in crate::cast::member_names(&line.name, line.count) {
            these.push(participants.len());
            participants.push(Participant {
                name,
                side: line.side,
                quarry: line.side == fleeing,
                speed: line.speed.map_or(DEFAULT_SPEED, |s| s.max(0) as u32),
                con: line.con.unwrap_or(0),
                dex: line.dex.unwrap_or(0),
                str: line.str.unwrap_or(0),
                wis: line.wis.unwrap_or(0),
                cha: line.cha.unwrap_or(0),
                stealth: line.stealth.unwrap_or(0),
                per: line.per.unwrap_or(super::super::DEFAULT_PASSIVE_PERCEPTION),
                tracker: line.tracker,
            });
        }
        by_line.push(these);
    }
    (participants, by_line)
}
