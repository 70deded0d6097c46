//! Choices and menus: what a chooser is offered (cards, options, numbers, a menu's candidates,
//! several cards picked one by one), how each is labelled, and what the choice does once made.

pub(crate) mod choice;
pub(crate) mod fresh;
pub(crate) mod menu;
pub(crate) mod open;
pub(crate) mod picks;
pub(crate) mod privacy;
pub(crate) mod sets;
