/// The sysexits codes plan exits with (docs/guide.md lists what each means for each command).
public enum ExitCode {
    public static let success: Int32 = 0
    public static let usage: Int32 = 64
    public static let data: Int32 = 65
    public static let noInput: Int32 = 66
    public static let unavailable: Int32 = 69
    public static let software: Int32 = 70
    public static let ioError: Int32 = 74
    public static let tempFail: Int32 = 75
}
