//! A cofd encounter: the contested surprise, then initiative, ties and delayed actions as in the
//! World of Darkness, whose encounter this one is.

use super::SurpriseInput;
use crate::rulesets::wod;

/// A cofd encounter (CofD 2e p. 89): the contested surprise, then wod's initiative in turns,
/// the surprised acting from turn 2.
pub type EncounterInput = wod::EncounterInput<SurpriseInput>;
