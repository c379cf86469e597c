//! What differs between the editions' chases, and the kinds of roll, abilities and cover they name.

use super::*;

/// Which Dungeon Master's Guide runs the chase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edition {
    E2014,
    E2024,
}

impl Edition {
    /// DMG 2014 p.252: 3 + Con free Dashes; DMG 2024: the same, but at least one.
    pub fn free_dashes(self, con: i32) -> u32 {
        let free = 3 + con;
        match self {
            Edition::E2014 => free.max(0) as u32,
            Edition::E2024 => free.max(1) as u32,
        }
    }

    /// Speed at an exhaustion `level`: PHB 2014 appendix A, halved from level 2 and 0 at 5;
    /// SRD 5.2, 5 feet less a level.
    pub fn speed(self, base: u32, level: u8) -> u32 {
        match self {
            Edition::E2014 if level >= 5 => 0,
            Edition::E2014 if level >= 2 => base / 2,
            Edition::E2014 => base,
            Edition::E2024 => base.saturating_sub(5 * u32::from(level)),
        }
    }

    /// DMG 2014 p.252: out of the chase at exhaustion 5 (Speed 0); DMG 2024: at Speed 0, or at
    /// 5 Exhaustion levels (the 2024 DMG errata).
    pub fn drops_out(self, base: u32, level: u8) -> bool {
        level >= 5 || self.speed(base, level) == 0
    }

    /// The roll for a Dash beyond the free ones: a Constitution check (2014), a Constitution
    /// saving throw (2024).
    pub fn dash_roll(self) -> Kind {
        match self {
            Edition::E2014 => Kind::Check,
            Edition::E2024 => Kind::Save,
        }
    }

    /// What exhaustion does to a d20 roll of `kind`: PHB 2014 appendix A, disadvantage on
    /// ability checks from level 1 and on saving throws from level 3; SRD 5.2, −2 a level on
    /// every d20 test. `(disadvantage, penalty)`.
    pub fn exhaustion(self, kind: Kind, level: u8) -> (bool, i32) {
        match (self, kind) {
            (Edition::E2014, Kind::Check) => (level >= 1, 0),
            (Edition::E2014, Kind::Save) => (level >= 3, 0),
            (Edition::E2024, _) => (false, -2 * i32::from(level)),
        }
    }

    /// DMG 2014 p.253: the lead pursuer being a ranger or proficient in Survival hampers the
    /// quarry's escape; the 2024 DMG's escape factors leave it out.
    pub fn trackers_count(self) -> bool {
        self == Edition::E2014
    }
}

/// An ability check or a saving throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Check,
    Save,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::Check => "check",
            Kind::Save => "save",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    Str,
    Dex,
    Con,
    Wis,
    Cha,
}

impl Ability {
    pub fn word(self) -> &'static str {
        match self {
            Ability::Str => "Str",
            Ability::Dex => "Dex",
            Ability::Con => "Con",
            Ability::Wis => "Wis",
            Ability::Cha => "Cha",
        }
    }
}

/// What the quarry has to hide behind (DMG escape factors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    /// Many things to hide behind, a crowded or noisy place: Advantage.
    Many,
    /// Few things to hide behind, an empty or quiet place: Disadvantage.
    Few,
}
