// Scratch project sources of the input-model ablation cases (tst_inputmodel) that are too long
// to stand inside a case.
#pragma once

#include <QByteArray>

namespace scratch {

// A schema that dumps records through Field subclasses only its project's tests define, with an
// option for the keys it has no field for; `extras` decides what happens to such a key.
inline QByteArray schemaWithExtras(const char *extras)
{
    return QByteArray("IGNORE = 0\nKEEP = 1\n\n\nclass Field:\n"
                      "    def convert(self, value):\n"
                      "        raise NotImplementedError('subclasses convert')\n\n\n"
                      "class Schema:\n"
                      "    def __init__(self, extra=IGNORE):\n"
                      "        self._fields = []\n        self.extra = extra\n\n"
                      "    def add(self, name, field):\n"
                      "        if type(field) is Field or not isinstance(field, Field):\n"
                      "            raise TypeError('a Field subclass is needed')\n"
                      "        self._fields.append((name, field))\n"
                      "        return self\n\n"
                      "    def dump(self, record):\n"
                      "        if not self._fields:\n"
                      "            raise ValueError('an empty schema dumps nothing')\n"
                      "        out = {name: field.convert(record.get(name))\n"
                      "               for name, field in self._fields}\n"
                      "        for key in record:\n"
                      "            if key in out:\n"
                      "                continue\n") +
           extras + "        return out\n";
}

// Keys a record lacks, where a key of the schema may be a Required marker; `lacking` is what a
// missing Required key adds.
inline QByteArray requiredMarkers(const char *lacking)
{
    return QByteArray("class Required:\n"
                      "    def __init__(self, name, message=None):\n"
                      "        self.name = name\n        self.message = message\n\n"
                      "    def __hash__(self):\n        return hash(self.name)\n\n\n"
                      "def missing(schema, record):\n"
                      "    if not isinstance(schema, dict) or not isinstance(record, dict):\n"
                      "        raise TypeError('a schema and a record are mappings')\n"
                      "    out = []\n"
                      "    for key in schema:\n"
                      "        if isinstance(key, Required):\n"
                      "            if key.name not in record:\n") +
           lacking +
           "        elif not isinstance(key, str):\n"
           "            raise TypeError('a key is a name')\n"
           "    return out\n";
}

// The first key whose value has the wrong type, formatted with % and `operand`.
inline QByteArray keyFormatting(const char *operand)
{
    return QByteArray("def describe(schema, record):\n"
                      "    if not isinstance(schema, dict) or not isinstance(record, dict):\n"
                      "        raise TypeError('a schema and a record are mappings')\n"
                      "    for key, kind in schema.items():\n"
                      "        if key in record and not isinstance(record[key], kind):\n"
                      "            return \"Key '%s' error\" % ") +
           operand + "\n    return 'ok'\n";
}

// An operation built from a mapping it reads fixed keys of; `stored` is what it puts at its path.
inline QByteArray operationFromSpec(const char *stored)
{
    return QByteArray("class Operation:\n"
                      "    def __init__(self, spec):\n"
                      "        self.path = spec['path']\n"
                      "        self.value = spec['value']\n\n"
                      "    def apply(self, doc):\n"
                      "        out = dict(doc)\n"
                      "        out[self.path] = ") +
           stored + "\n        return out\n";
}

} // namespace scratch
