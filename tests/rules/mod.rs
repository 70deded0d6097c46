//! Scenario tests: one per ruling of RULINGS.md, each stacking the deck so the ruling happens.

mod high_low_war;
pub(crate) mod support;
mod wilcox_war;
mod wild_twist_gin;
mod wild_twist_solitaire;
mod wild_twist_war;
