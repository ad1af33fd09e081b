import Foundation

/// One line of the stand-in's request log.
struct LoggedRequest {
    let path: String
    let query: String
    let status: Int?
    let userAgent: String?
    let accept: String?
    let ifModifiedSince: String?

    init(_ entry: [String: Any]) {
        path = entry["path"] as? String ?? ""
        query = entry["query"] as? String ?? ""
        status = entry["status"] as? Int
        userAgent = entry["userAgent"] as? String
        accept = entry["accept"] as? String
        ifModifiedSince = entry["ifModifiedSince"] as? String
    }
}
