//! The round rule both 5e editions' fights share in `fray track`: when initiative is rolled
//! again (seed 002). Each edition's `ROUNDS` names it.

/// seed 002: the speed factor is rolled every round, each combatant with the action it
/// declares; standard, score and side initiative are rolled once for the fight.
pub fn rerolls_initiative(round: u32, variant: Option<&str>) -> bool {
    round > 1 && variant == Some("speed")
}
