import FoundationEssentials
import LanguageModels
import Model
import Store

extension CalendarDate: Generable {
    /// `YYYY-MM-DD`.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(kind: .string, typeName: "CalendarDate", guides: [.pattern("[0-9]{4}-[0-9]{2}-[0-9]{2}")])
    }
}
