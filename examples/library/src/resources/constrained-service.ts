import type { BaseDelegateTypeMap, QueryDelegate, QueryService, ResourceQueryService } from '@facet/nest';
import { constrainRelations, type ModelName } from '../access/index.js';
import type { AppAbility } from '../auth/index.js';

/**
 * The QueryService as ResourceQuery sees it, with the access filter carried into loaded and
 * filtered to-many relations as well (see constrainRelations). ResourceQuery calls this after it
 * has merged the relations `fields` needs, so those are constrained too.
 */
export function constrainedService<
  TDelegate extends QueryDelegate,
  TTypeMap extends BaseDelegateTypeMap,
  TModel,
>(
  service: QueryService<TDelegate, TTypeMap, AppAbility>,
  model: ModelName,
): ResourceQueryService<TModel, AppAbility> {
  const constrain = <TArgs extends object>(args: TArgs, ability: AppAbility | undefined): TArgs =>
    ability ? constrainRelations(args, model, ability) : args;
  return {
    query: async (args, ability, options) => {
      const result = await service.query(constrain(args, ability), ability, options);
      // The service's records are the delegate's; ResourceQuery only hands them to the mapper.
      return result as unknown as Awaited<ReturnType<ResourceQueryService<TModel, AppAbility>['query']>>;
    },
    findById: async (id, args, ability) =>
      (await service.findById(id, constrain(args, ability), ability)) as unknown as TModel,
  };
}
