//! Evaluates the constant expressions of declarations: card properties and initial values.

use super::error::CheckError;
use super::ir::*;
use super::Checker;
use crate::check::mistake::Mistake;
use crate::syntax::ast::{BinOp, Span};

impl Checker {
    /// The value of a constant expression; reports anything that needs a running game.
    pub(crate) fn const_eval(&mut self, e: &Expr, span: Span) -> Value {
        self.const_eval_with(e, span, &[])
    }

    /// The value of an expression over known locals.
    pub(crate) fn const_eval_with(&mut self, e: &Expr, span: Span, locals: &[Value]) -> Value {
        let cx = Cx { locals, cards: &self.card_props, properties: self.properties.len(), orders: &self.orders };
        match eval(e, &cx) {
            Some(v) => v,
            None => {
                self.errors.push(CheckError::invalid(
                    Mistake::NotConstant,
                    span,
                    "this value must be known before the game starts",
                    "depends on the game in play",
                    Some("use numbers, options, enum members and the card's own properties here".into()),
                ));
                Value::None
            }
        }
    }
}

/// What a constant expression may read: known locals, and the properties and rank of a card
/// made already (a card bound to a local, as in a `melds` declaration's rules).
struct Cx<'a> {
    locals: &'a [Value],
    cards: &'a [Value],
    properties: usize,
    orders: &'a [OrderInfo],
}

impl Cx<'_> {
    fn prop(&self, card: Value, p: u16) -> Option<Value> {
        match card {
            Value::Card(c) => self.cards.get(c as usize * self.properties + p as usize).copied(),
            _ => Some(Value::None),
        }
    }
    fn rank(&self, o: u16, member: Value) -> Value {
        self.orders.get(o as usize).map_or(Value::None, |order| order.position(member))
    }
}

fn eval(e: &Expr, cx: &Cx<'_>) -> Option<Value> {
    Some(match e {
        Expr::Const(v) => *v,
        Expr::Local(s) => *cx.locals.get(*s as usize)?,
        Expr::Prop(c, p) => cx.prop(eval(c, cx)?, *p)?,
        Expr::OrderOf(o, c) => {
            let property = cx.orders.get(*o as usize)?.property;
            cx.rank(*o, cx.prop(eval(c, cx)?, property)?)
        }
        Expr::MemberRank(o, m) => cx.rank(*o, eval(m, cx)?),
        Expr::Not(x) => Value::Bool(!eval(x, cx)?.is_true()),
        Expr::Neg(x) => Value::Int(-eval(x, cx)?.as_int()?),
        Expr::If(c, t, o) => {
            if eval(c, cx)?.is_true() {
                eval(t, cx)?
            } else {
                eval(o, cx)?
            }
        }
        Expr::IsNone(x) => Value::Bool(eval(x, cx)? == Value::None),
        Expr::SetOf(xs) => {
            let mut mask = 0u64;
            for x in xs {
                if let Value::Sym(s) = eval(x, cx)? {
                    mask |= 1u64.checked_shl(s as u32).unwrap_or(0);
                }
            }
            Value::Set(mask)
        }
        Expr::Binary(op, a, b) => {
            let (a, b) = (eval(a, cx)?, eval(b, cx)?);
            match op {
                BinOp::And => Value::Bool(a.is_true() && b.is_true()),
                BinOp::Or => Value::Bool(a.is_true() || b.is_true()),
                BinOp::Eq => Value::Bool(a == b),
                BinOp::Ne => Value::Bool(a != b),
                BinOp::In => match (a, b) {
                    (Value::Sym(s), Value::Set(m)) => Value::Bool(m & 1u64.checked_shl(s as u32).unwrap_or(0) != 0),
                    _ => Value::Bool(false),
                },
                _ => {
                    let (x, y) = (a.as_int()?, b.as_int()?);
                    match op {
                        BinOp::Add => Value::Int(x.checked_add(y)?),
                        BinOp::Sub => Value::Int(x.checked_sub(y)?),
                        BinOp::Mul => Value::Int(x.checked_mul(y)?),
                        BinOp::Div => Value::Int(x.checked_div(y)?),
                        BinOp::Mod => Value::Int(x.checked_rem(y)?),
                        BinOp::Pow => Value::Int(x.checked_pow(u32::try_from(y).ok()?)?),
                        BinOp::Lt => Value::Bool(x < y),
                        BinOp::Le => Value::Bool(x <= y),
                        BinOp::Gt => Value::Bool(x > y),
                        BinOp::Ge => Value::Bool(x >= y),
                        _ => return None,
                    }
                }
            }
        }
        Expr::Builtin(b, xs) => {
            let v: Option<Vec<i64>> = xs.iter().map(|x| eval(x, cx)?.as_int()).collect();
            let v = v?;
            Value::Int(match (b, v.as_slice()) {
                (Builtin::Sign, [x]) => x.signum(),
                (Builtin::Abs, [x]) => x.abs(),
                (Builtin::Min, [x, y]) => *x.min(y),
                (Builtin::Max, [x, y]) => *x.max(y),
                _ => return None,
            })
        }
        _ => return None,
    })
}
