#include "GeneratorStrategies.h"

namespace difftriage::engine {

QStringList switchableStrategies()
{
    // In the registry's order (level, then turn): keep in step with gen/registry.py.
    return {
        // BEGIN strategy names
        QStringLiteral("project_tests"),
        QStringLiteral("command_line"),
        QStringLiteral("coverage_feedback"),
        QStringLiteral("signature_diff"),
        QStringLiteral("protocol_membership"),
        QStringLiteral("class_header"),
        QStringLiteral("changed_constants"),
        QStringLiteral("exception_messages"),
        QStringLiteral("environment_variables"),
        QStringLiteral("base"),
        QStringLiteral("call_sites"),
        QStringLiteral("callee_arguments"),
        QStringLiteral("boundaries"),
        QStringLiteral("one_at_a_time"),
        QStringLiteral("cross_links"),
        QStringLiteral("setup_calls"),
        QStringLiteral("relations"),
        QStringLiteral("optional_params"),
        QStringLiteral("flag_settings"),
        QStringLiteral("checked_classes"),
        QStringLiteral("test_objects"),
        QStringLiteral("shapes"),
        QStringLiteral("sizes"),
        QStringLiteral("regex_samples"),
        QStringLiteral("type_variety"),
        QStringLiteral("value_relations"),
        QStringLiteral("repeated_calls"),
        QStringLiteral("path_forms"),
        QStringLiteral("unicode_forms"),
        QStringLiteral("named_keys"),
        QStringLiteral("guard_strings"),
        QStringLiteral("encoded_texts"),
        QStringLiteral("number_spellings"),
        QStringLiteral("sparse_values"),
        QStringLiteral("protocol_objects"),
        QStringLiteral("callable_objects"),
        QStringLiteral("returned_callables"),
        QStringLiteral("failing_callables"),
        QStringLiteral("random_combinations"),
        // END strategy names
    };
}

} // namespace difftriage::engine
