import Foundation
import HTTPCore
import LanguageModels
import Testing
import Tools

/// The one vocabulary of network failures (LanguageModels' `TransportError`, libcurl's own failures made by
/// Tools' `CurlTransport`): what a user reads of each, named at the server, and that each has advice.
@Suite struct TransportErrorWordsTests {
    /// Each failure with what the user reads of it, named at the server (the words the model backend and the services share).
    static let failures: [(TransportError, String)] = [
        (.deadlineExceeded(seconds: 3), "no complete answer within 3 s talking to P"),
        (.deadlineExceeded(seconds: 0.5), "no complete answer within 0.5 s talking to P"),
        (.timedOut(seconds: 2), "P went silent (timed out)"),
        (.tooLarge(limit: 1_048_576), "the answer is larger than 1 MB talking to P"),
        (.tooLarge(limit: 300), "the answer is larger than 300 bytes talking to P"),
        (.redirectRefused(to: "http://elsewhere:81"),
         "it redirected to another host (http://elsewhere:81), which is not followed talking to P"),
        (.tooManyRedirects, "P redirected too many times"),
        (.connectionRefused, "connection refused at P"),
        (.hostNotFound, "cannot find P"),
        (.connectionLost, "the connection to P was lost"),
        (.noAnswer, "the connection to P ended without an answer"),
        (.badAnswer, "the connection to P ended without an answer"),
        (.tls("certificate \u{1B}[31mexpired\n"), "TLS failed: certificate [31mexpired talking to P"),
        (.unsupportedURL, "not an http or https URL talking to P"),
        (.curlUnavailable("libcurl.so.4: cannot open"),
         "libcurl cannot be loaded (libcurl.so.4: cannot open); install libcurl4: apt-get install libcurl4 talking to P"),
        (.failed(code: 56, message: "recv failure\r\nreset"), "network error 56: recv failure reset talking to P"),
    ]

    @Test(arguments: failures)
    func eachFailureIsToldWithTheServerAndHasAdvice(_ failure: TransportError, _ said: String) {
        let place = "http://127.0.0.1:8080"
        #expect(failure.describe(at: place) == said.replacingOccurrences(of: "P", with: place))
        #expect(failure.recoverySuggestion?.isEmpty == false)
    }
}
