//! Jumps carried out together: a jump (or the end of a copied call, `Leave`) whose path goes on
//! through more jumps and tests that always hold, such as the jump back to the top of
//! `while true`, becomes one [`Instr::Chain`] that lands where the path ends.
//!
//! The instructions the chain passes over stay where they were, and it counts each of them as
//! a step, as if they had run one by one. When those steps would pass a limit of the engine,
//! the chain goes only as far as its own instruction would have, and the run loop takes the
//! rest one at a time: a game stopped by a limit stops at the same instruction as before.

use super::lower::{Chain, Instr};

/// The most instructions a chain passes over.
const MAX_PASSED: u8 = 4;

/// Replaces each jump, and each `Leave`, whose path passes over further jumps or tests that
/// always hold by a chain to the path's end.
pub(in crate::engine) fn chain_jumps(code: &mut [Instr]) {
    for i in 0..code.len() {
        let (leave, next) = match code[i] {
            Instr::Jump(t) => (false, t),
            Instr::Leave => (true, i as u32 + 1),
            _ => continue,
        };
        let (mut to, mut passed) = (next, 0u8);
        while passed < MAX_PASSED {
            match code.get(to as usize) {
                Some(Instr::Jump(t)) => to = *t,
                Some(Instr::JumpUnless(c, _)) if c.always_holds() => to += 1,
                _ => break,
            }
            passed += 1;
        }
        if passed > 0 {
            code[i] = Instr::Chain(Chain { leave, passed, next, to });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::code::closure::Ev;

    fn always() -> Ev {
        Ev::always()
    }

    /// The jump back to `while true`'s test lands after it, passing over the test; the end of a
    /// copied call followed by that jump passes over both.
    #[test]
    fn a_chain_passes_over_jumps_and_tests_that_always_hold() {
        let mut code =
            vec![Instr::JumpUnless(always(), 4), Instr::AddCounter(0, 1), Instr::Leave, Instr::Jump(0), Instr::Return];
        chain_jumps(&mut code);
        assert!(matches!(code[2], Instr::Chain(Chain { leave: true, passed: 2, next: 3, to: 1 })));
        assert!(matches!(code[3], Instr::Chain(Chain { leave: false, passed: 1, next: 0, to: 1 })));
        assert!(matches!(code[0], Instr::JumpUnless(..)), "what is passed over stays");
    }

    /// A jump to anything else is left as it is.
    #[test]
    fn a_plain_jump_stays() {
        let mut code = vec![Instr::AddCounter(0, 1), Instr::Jump(0)];
        chain_jumps(&mut code);
        assert!(matches!(code[1], Instr::Jump(0)));
    }
}
