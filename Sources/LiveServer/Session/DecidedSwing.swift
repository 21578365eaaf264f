import SwingAnalysis

/// A swing a session decided, numbered in the order decided (0, 1, …), with the batch whose arrival decided it
/// (`nil` for swings decided when the session ended).
public struct DecidedSwing: Sendable, Equatable {
    public var index: Int
    public var sequence: UInt64?
    public var swing: Swing
}
