//! The cast as GURPS's rules see it: combatants, the lines of the cast they were written as, and
//! the sides with what a partial surprise's leader roll needs.

use crate::cast::Hundredths;
use crate::outcome::is_zero;
use serde::Serialize;

pub const DEFAULT_IQ: i32 = 10;
pub const DEFAULT_DX: i32 = 10;
/// Basic Speed 5.00, the human average.
pub const DEFAULT_SPEED: Hundredths = Hundredths(500);

/// One combatant (a member of a group counts as one).
#[derive(Clone, Debug)]
pub struct Fighter {
    pub name: String,
    /// Index into [`Fight::teams`].
    pub side: usize,
    /// Index into [`Fight::entries`]: the members of a group share one.
    pub entry: usize,
    pub iq: i32,
    /// Combat Reflexes.
    pub cr: bool,
    /// Basic Speed.
    pub speed: Hundredths,
    pub dx: i32,
}

/// A line of the cast as written: one combatant, or a group of alike ones (`Orc*3`).
#[derive(Clone, Debug)]
pub struct Entry {
    pub name: String,
    pub count: u32,
    /// The first of its members in [`Fight::fighters`]; members follow in order.
    pub first: usize,
}

/// The leader who rolls for a side's initiative in a partial surprise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Leader {
    /// The combatant who leads; `None` for a side without combatants, led as its side keys say.
    pub name: Option<String>,
    /// No combatant of the side is marked `leader`, so the first listed leads.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub first_listed: bool,
    pub iq: i32,
    /// Combat Reflexes.
    pub cr: bool,
    /// Tactics skill level (0: none).
    #[serde(skip_serializing_if = "is_zero")]
    pub tactics: i32,
}

/// A side, with what its initiative roll needs.
#[derive(Clone, Debug)]
pub struct Team {
    pub name: String,
    /// `None`: a leaderless side, for which the GM rolls.
    pub leader: Option<Leader>,
    /// Someone on the side has Combat Reflexes (side key `cr`, or a combatant's `cr`).
    pub cr: bool,
    /// Combatants other than the leader who have Combat Reflexes, to name the bonus.
    pub cr_names: Vec<String>,
    /// The group's IQ, for the leaderless exemption.
    pub group_iq: i32,
    pub animals: bool,
    /// The GM's modifier (`mod=N`).
    pub modifier: i32,
}

/// Sides and combatants, resolved.
#[derive(Clone, Debug, Default)]
pub struct Fight {
    pub teams: Vec<Team>,
    pub fighters: Vec<Fighter>,
    pub entries: Vec<Entry>,
}

impl Fight {
    pub(super) fn members(&self, entry: &Entry) -> impl Iterator<Item = &Fighter> {
        self.fighters[entry.first..entry.first + entry.count as usize].iter()
    }
}
