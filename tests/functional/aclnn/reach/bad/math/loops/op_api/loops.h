// Fixture (bad input): a header that includes itself, and two classes that derive from each other.
#include "loops.h"

namespace Ops::Loops {
class Left;
class Right : public Left {
public:
    const aclTensor* Step(const aclTensor* self, aclOpExecutor* executor)
    {
        return l0op::Abs(self, executor);
    }
};

class Left : public Right {
public:
    const aclTensor* Walk(const aclTensor* self, aclOpExecutor* executor)
    {
        return Step(self, executor);
    }
};
}  // namespace Ops::Loops
