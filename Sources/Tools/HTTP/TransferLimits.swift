import Foundation
import LanguageModels

/// Bounds on one HTTP exchange: a deadline for the whole of it (not only for silence) and a body size.
///
/// The same value the model backend's transport takes (LanguageModels' `ModelTransportLimits`: the deadline
/// kept from 1 ms to a day, the size at least 0, `errorBodyBytes`, and `describe(bytes:)`/`describe(seconds:)`
/// for "2 MB" and "3 s"), so a weather request and a model request are bounded and described by one rule.
public typealias TransferLimits = ModelTransportLimits
