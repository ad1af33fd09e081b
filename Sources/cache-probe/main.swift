import Foundation
import Tools

// cache-probe: one request through plan's HTTP client and cache, for the outside cache-tests suite
// (../shared/tools/cache-tests/README.md gives the contract). Reads one JSON object from stdin, writes one
// JSON line to stdout. Not part of plan's install: `swift build --product cache-probe`.
let line = FileHandle.standardInput.readDataToEndOfFile()
let answer = await CacheProbe.answer(to: line)
FileHandle.standardOutput.write(answer + Data("\n".utf8))
